import { describe, expect, it } from 'vitest';
import { MediaToolError, forkTool } from './tools.ts';

/** forkTool: the tool's process is forked ahead and run with one number when started. */
describe('forkTool', () => {
  it('runs the tool with the flag, the number and the arguments as given, never through the shell', async () => {
    const forked = forkTool('/bin/echo', '-ss', ['a  b', '$(touch /tmp/x)', '"; exit 3'], {});
    const out = await forked.start('12.500');
    expect(out.toString()).toBe('-ss 12.500 a  b $(touch /tmp/x) "; exit 3\n');
  });

  it('refuses anything but a number, and a cancelled fork never runs the tool', async () => {
    await expect(forkTool('/bin/echo', '-ss', []).start('1; rm -rf /')).rejects.toThrow(/not a number/);
    const cancelled = forkTool('/bin/echo', '-ss', ['never']);
    cancelled.cancel();
    expect(() => cancelled.start('1')).toThrow(/started twice/);
  });

  it("a tool that fails is the tool's MediaToolError", async () => {
    await expect(forkTool('/bin/false', '-x', []).start('0')).rejects.toBeInstanceOf(MediaToolError);
  });
});
