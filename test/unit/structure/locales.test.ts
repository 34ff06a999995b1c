import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../testbed/catalogue';

const en = catalogue('en');
const ja = catalogue('ja');
const placeholders = (text: string) => [...text.matchAll(/\$\d/g)].map((m) => m[0]).sort();

describe('catalogues', () => {
  it('Japanese has every English message and no other', () => {
    expect(Object.keys(ja).sort()).toEqual(Object.keys(en).sort());
  });

  it('each message takes the same substitutions in both languages', () => {
    const differing = Object.keys(en).filter(
      (key) => placeholders(ja[key] ?? '').join() !== placeholders(en[key]!).join(),
    );
    expect(differing).toEqual([]);
  });

  it('no two keys say the same thing in both languages (one key per wording), except different uses named here', () => {
    // A card's detail and a form field are labelled alike but are different places; the key
    // field and the choice of whose key both say "API key" in one form, for different things.
    const apart = new Set(['fieldUserId userId', 'fieldApiKey fieldKeySource']);
    const byWords = new Map<string, string[]>();
    for (const key of Object.keys(en).sort()) {
      const words = JSON.stringify([en[key]!.toLowerCase(), ja[key]]);
      byWords.set(words, [...(byWords.get(words) ?? []), key]);
    }
    const same = [...byWords.values()]
      .filter((keys) => keys.length > 1)
      .map((keys) => keys.join(' '));
    expect(same.filter((keys) => !apart.has(keys))).toEqual([]);
  });

  it('Japanese uses full-width punctuation: 。、？！（）, never , . ? ! ( ) beside Japanese text', () => {
    // A step's number ("1. ") is no punctuation of a sentence.
    const japanese = '[\\u3040-\\u30ff\\u4e00-\\u9fff]';
    const halfWidth = new RegExp(`[()?!]|${japanese}\\s?[,.]|[,.]\\s?${japanese}`);
    const offending = Object.entries(ja).filter(([, text]) =>
      halfWidth.test(text.replace(/^\d+\. /, '')),
    );
    expect(offending).toEqual([]);
  });

  it('the setup guide names the Test connection button by its label', () => {
    expect(en.setupFinishText).toContain(en.testConnection);
    expect(ja.setupFinishText).toContain(`「${ja.testConnection}」`);
  });

  it('the setup guide says of Apps Connection only what the spec says (NOTES.md: it may be off until enabled), no dated claim', () => {
    const setup = Object.entries({
      ...en,
      ...Object.fromEntries(Object.entries(ja).map(([k, v]) => [`ja:${k}`, v])),
    }).filter(([key]) => /setup/.test(key));
    expect(setup.filter(([, text]) => /\b(19|20)\d\d\b|\d{4}\s?年/.test(text))).toEqual([]);
  });
});
