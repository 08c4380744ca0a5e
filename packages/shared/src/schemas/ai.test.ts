import { describe, expect, it } from 'vitest';
import { aiAskBody, isProductMessage, parseSse, AI_TEXT } from '../index.ts';

describe('AI assistant shapes', () => {
  it('parses server-sent events split anywhere, keeping the unfinished rest', () => {
    const stream =
      'event: start\ndata: {"conversation_db_id":"c","user_turn":null}\n\n' +
      'event: delta\ndata: {"text":"two\\nlines"}\n\n' +
      'event: done\ndata: {"turn":{"content":{"text":"x"}}}\n\n';
    for (let cut = 0; cut <= stream.length; cut += 7) {
      const first = parseSse(stream.slice(0, cut));
      const second = parseSse(first.rest + stream.slice(cut));
      const events = [...first.events, ...second.events];
      expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'done']);
      expect(events[1].data).toEqual({ text: 'two\nlines' });
      expect(second.rest).toBe('');
    }
    expect(parseSse('event: delta\ndata: {broken\n\n').events).toEqual([]);
  });

  it('a question is trimmed text of 1 to 2000 characters; the assistant texts are known texts', () => {
    const id = '3b241101-e2bb-4255-8caf-4136c566a962';
    expect(aiAskBody.parse({ project_db_id: id, text: '  hi  ' }).text).toBe('hi');
    expect(aiAskBody.safeParse({ project_db_id: id, text: '   ' }).error?.issues[0].message).toBe(
      'This field is required',
    );
    expect(aiAskBody.safeParse({ project_db_id: id, text: 'x'.repeat(2001) }).error?.issues[0].message).toBe(
      'The characters limit is 2000',
    );
    expect(isProductMessage(AI_TEXT.budgetExhausted)).toBe(true);
    expect(isProductMessage(AI_TEXT.notConfigured)).toBe(true);
  });
});
