/** @jest-environment node */
import { searchWords, wordForms } from '@/lib/server/services/catalogue';

describe('searchWords', () => {
  it.each([
    ['Red Roses', ['red', 'roses']],
    ["Valentine's  bouquet", ['valentine', 'bouquet']],
    ['  Moët & Chandon ', ['moët', 'chandon']],
    ['%', []],
    ["rose' OR 1=1 --", ['rose', 'or']],
    ['a b c d e f g h i j k l', []],
    ['one two three four five six seven', ['one', 'two', 'three', 'four', 'five', 'six']],
  ])('%j → %j', (input, words) => {
    expect(searchWords(input)).toEqual(words);
  });

  it('cuts very long words', () => {
    expect(searchWords('x'.repeat(100))[0]).toHaveLength(40);
  });
});

describe('wordForms', () => {
  it.each([
    ['lily', ['lily', 'lilies']],
    ['lilies', ['lilies', 'lily']],
    ['roses', ['roses', 'rose']],
    ['rose', ['rose']],
    ['day', ['day']],
    ['glass', ['glass']],
    ['teddy', ['teddy', 'teddies']],
  ])('%s → %j', (word, forms) => {
    expect(wordForms(word)).toEqual(forms);
  });
});
