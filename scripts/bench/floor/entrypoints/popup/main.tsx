import { render } from 'preact';
import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';

function App() {
  const [id] = useState(browser.runtime.id);
  return <p>{id}</p>;
}

render(<App />, document.getElementById('app')!);
