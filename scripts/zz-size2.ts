import { entrySize } from './bench/bundle-size';
console.log(JSON.stringify(entrySize('.output/chrome-mv3', 'options.html')));
