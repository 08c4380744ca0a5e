import { describe, expect, it } from 'vitest';
import { activeMention, insertMention, mentionSegments, mentionedIds } from './mentions.ts';

const ann = { user_id: 'u-ann', name: 'Ann Lee' };
const annie = { user_id: 'u-annie', name: 'Ann' };

describe('mention markup', () => {
  it('splits a message into text and mention segments, longest names first', () => {
    expect(mentionSegments('@Ann Lee and @Ann, hello', [annie, ann])).toEqual([
      { text: '@Ann Lee', mentionOf: 'u-ann' },
      { text: ' and ' },
      { text: '@Ann', mentionOf: 'u-annie' },
      { text: ', hello' },
    ]);
  });

  it('keeps markup-looking text as plain text and treats regex characters in names literally', () => {
    const odd = { user_id: 'u-odd', name: 'A.(b)*' };
    expect(mentionSegments('<img src=x onerror=alert(1)> @A.(b)* @AXbb', [odd])).toEqual([
      { text: '<img src=x onerror=alert(1)> ' },
      { text: '@A.(b)*', mentionOf: 'u-odd' },
      { text: ' @AXbb' },
    ]);
    expect(mentionSegments('no mentions', [])).toEqual([{ text: 'no mentions' }]);
  });

  it('finds the mention being typed at the caret', () => {
    expect(activeMention('hi @An', 6)).toEqual({ query: 'An', start: 3 });
    expect(activeMention('@', 1)).toEqual({ query: '', start: 0 });
    expect(activeMention('mail@example', 12)).toBeNull();
    expect(activeMention('hi @ Ann', 8)).toBeNull();
    expect(activeMention('no trigger', 10)).toBeNull();
  });

  it('treats a picked mention as complete: words typed after it are no search', () => {
    expect(activeMention('@Ann Lee ', 9)).toEqual({ query: 'Ann Lee ', start: 0 });
    expect(activeMention('@Ann Lee ', 9, [ann])).toBeNull();
    expect(activeMention('@Ann Lee hello', 14, [ann])).toBeNull();
    // a new '@' after it is a new mention
    expect(activeMention('@Ann Lee and @Bo', 16, [ann])).toEqual({ query: 'Bo', start: 13 });
  });

  it('inserts the display name markup and keeps only mentions still in the text', () => {
    expect(insertMention('hi @An there', 6, 3, ann)).toEqual({ value: 'hi @Ann Lee  there', caret: 12 });
    expect(mentionedIds('@Ann Lee hello', [ann, annie, ann])).toEqual(['u-ann', 'u-annie']);
    expect(mentionedIds('hello', [ann])).toEqual([]);
  });
});
