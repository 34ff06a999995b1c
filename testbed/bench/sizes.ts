import { BUDGETS, ENTRIES, entrySize, ON_DEMAND_BUDGETS } from './bundle-size';
import { FLOOR_DIR } from './history-year';
import { kb, type Measured } from './measure';

/** Each page's and the background's gzip size at open and on demand, beside the floor's. */
export function sizes(): Measured {
  const rows: Measured['rows'] = [];
  const json: Measured['json'] = {};
  const floor = {
    page: entrySize(`${FLOOR_DIR}/.output/chrome-mv3`, 'popup.html').total,
    background: entrySize(`${FLOOR_DIR}/.output/chrome-mv3`, 'background.js').total,
  };
  for (const [name, entry] of Object.entries(ENTRIES) as [keyof typeof ENTRIES, string][]) {
    const size = entrySize('.output/chrome-mv3', entry);
    const base = name === 'background' ? floor.background : floor.page;
    rows.push({
      measure: `${name} gzip at open (js ${kb(size.js)} + css ${kb(size.css)})`,
      value: kb(size.total),
      floor: kb(base),
      note: `budget ${kb(BUDGETS[name])}; on demand ${kb(size.onDemand)} more (bound ${kb(ON_DEMAND_BUDGETS[name])})`,
    });
    json[`size.${name}`] = { ...size, floor: base, budget: BUDGETS[name] };
  }
  return { rows, json };
}
