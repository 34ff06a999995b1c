import { describe, expect, it } from 'vitest';
import { catalogue } from '../../scripts/catalogue';

const en = catalogue('en');
const ja = catalogue('ja');
const placeholders = (text: string) => [...text.matchAll(/\$\d/g)].map((m) => m[0]).sort();

describe('catalogues', () => {
  it('Japanese has every English message and no other', () => {
    expect(Object.keys(ja).sort()).toEqual(Object.keys(en).sort());
  });

  it('each message takes the same substitutions in both languages', () => {
    const differing = Object.keys(en).filter((key) => placeholders(ja[key] ?? '').join() !== placeholders(en[key]!).join());
    expect(differing).toEqual([]);
  });
});
