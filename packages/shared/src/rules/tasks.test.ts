import { describe, expect, it } from 'vitest';
import { HTML_TAG_PATTERN, createTaskBody, updateBriefBody } from '../index.ts';
import {
  expiryInstant,
  formatDueDate,
  isValidDueDate,
  parseDueDate,
  taskStatusLabel,
  todayIn,
} from './tasks.ts';

describe('due dates', () => {
  it('reads dd MMM yyyy and yyyy-mm-dd; refuses impossible dates', () => {
    expect(parseDueDate('05 Mar 2024')).toBe('2024-03-05');
    expect(parseDueDate('5 mar 2024')).toBe('2024-03-05');
    expect(parseDueDate('2024-03-05')).toBe('2024-03-05');
    for (const bad of ['31 Feb 2024', '2024-02-30', '05 Foo 2024', '', 'tomorrow', '2024-3-5']) {
      expect(parseDueDate(bad), bad).toBeNull();
    }
  });

  it('today is valid, yesterday is not, in the user time zone', () => {
    const now = Date.parse('2026-11-22T20:00:00Z'); // already 23 Nov in Kolkata
    expect(todayIn('Asia/Kolkata', now)).toBe('2026-11-23');
    expect(isValidDueDate('2026-11-22', 'UTC', now)).toBe(true);
    expect(isValidDueDate('2026-11-22', 'Asia/Kolkata', now)).toBe(false);
  });

  it('a task expires at the end of its due day in that zone, also across DST', () => {
    expect(expiryInstant('2026-11-22', 'UTC').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(expiryInstant('2026-11-22', 'Asia/Kolkata').toISOString()).toBe('2026-11-22T18:30:00.000Z');
    // 8 Mar 2026: New York moves to EDT (UTC-4) at 2 AM, so midnight after is 04:00Z.
    expect(expiryInstant('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(formatDueDate(expiryInstant('2026-03-08', 'America/New_York'), 'America/New_York')).toBe(
      '08 Mar 2026',
    );
  });
});

describe('task labels and forms', () => {
  it("shows 'Transfer Request' while asked, else the status label", () => {
    expect(taskStatusLabel({ task_status: 'in_progress', is_transfer_request: false })).toBe('In Progress');
    expect(taskStatusLabel({ task_status: 'pending', is_transfer_request: true })).toBe('Transfer Request');
    expect(taskStatusLabel({ task_status: 'completed', is_transfer_request: true })).toBe('Completed');
  });

  it('the task form reports every missing field at once, the assignee included', () => {
    const r = createTaskBody.safeParse({ project_db_id: crypto.randomUUID(), expire_at: '' });
    const byField = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({
      task_type: 'This field is required',
      expire_at: 'This field is required',
      description: 'This field is required',
      assigned_to: 'This field is required',
    });
  });

  it('the brief refuses tags, not comparisons', () => {
    expect(HTML_TAG_PATTERN.test('a < b and c > d')).toBe(false);
    expect(HTML_TAG_PATTERN.test('x <br/> y')).toBe(true);
    const r = updateBriefBody.safeParse({
      project_db_id: crypto.randomUUID(),
      data: { brief: '<script>x</script>' },
    });
    expect(r.error?.issues[0].message).toBe('No tags allowed');
  });
});
