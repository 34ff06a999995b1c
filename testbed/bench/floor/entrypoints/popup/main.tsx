import { storage } from '@wxt-dev/storage';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';

const item = storage.defineItem<number>('local:floor', { fallback: 0, version: 1 });

// `#data` shows once the stored value is read: the bench times it as it times the popup's data.
function App() {
  const [value, setValue] = useState<number>();
  useEffect(() => void item.getValue().then(setValue), []);
  return value === undefined ? null : (
    <p id="data">
      {browser.runtime.id} {value}
    </p>
  );
}

render(<App />, document.getElementById('app')!);
