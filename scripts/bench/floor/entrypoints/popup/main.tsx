import { storage } from '@wxt-dev/storage';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';

const item = storage.defineItem<number>('local:floor', { fallback: 0, version: 1 });

// #ready once the stored value is shown: the bench's time-to-data of a bare page on this stack.
function App() {
  const [value, setValue] = useState<number>();
  useEffect(() => void item.getValue().then(setValue), []);
  return value === undefined ? null : <p id="ready">{browser.runtime.id} {value}</p>;
}

render(<App />, document.getElementById('app')!);
