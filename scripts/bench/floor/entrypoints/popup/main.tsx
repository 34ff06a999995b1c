import { storage } from '@wxt-dev/storage';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';

const item = storage.defineItem<number>('local:floor', { fallback: 0, version: 1 });

function App() {
  const [value, setValue] = useState(0);
  useEffect(() => void item.getValue().then(setValue), []);
  return <p>{browser.runtime.id} {value}</p>;
}

render(<App />, document.getElementById('app')!);
