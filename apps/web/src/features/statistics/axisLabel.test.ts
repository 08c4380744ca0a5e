import { describe, expect, it } from 'vitest';
import { AXIS_LABEL_CHARS, axisLabel } from './axisLabel.ts';

describe('axisLabel', () => {
  it('keeps a name that fits', () => {
    expect(axisLabel('Spot 12')).toBe('Spot 12');
    const fits = 'x'.repeat(AXIS_LABEL_CHARS);
    expect(axisLabel(fits)).toBe(fits);
  });

  it('cuts a long name in the middle, so names alike but for their end stay apart', () => {
    const names = Array.from({ length: 30 }, (_, i) => `Monsoon Wedding Highlights Reception Day ${i}`);
    const labels = names.map(axisLabel);
    expect(new Set(labels).size).toBe(names.length);
    for (const [i, label] of labels.entries()) {
      expect(label.length).toBeLessThanOrEqual(AXIS_LABEL_CHARS);
      const [head, tail] = label.split('…');
      expect(names[i].startsWith(head) && names[i].endsWith(tail)).toBe(true);
      expect(head.length).toBeGreaterThan(10);
    }
  });
});
