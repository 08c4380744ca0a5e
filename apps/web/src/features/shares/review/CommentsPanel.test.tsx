// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PLAYER_TEXT, type AssetComment } from '@rushes/shared';
import { freshProvidersPerTest, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { CommentsPanel } from './CommentsPanel.tsx';

const comment = (text: string, timecode: string | null): AssetComment => ({
  _id: text,
  comment_id: null,
  ingest_db_id: 'a1',
  text,
  frame: timecode ? 48 : null,
  frame_rate: timecode ? 24 : null,
  timecode,
  frame_out: null,
  timecode_out: null,
  page: null,
  x: null,
  y: null,
  drawing: null,
  author: { user_id: 'u1', name: 'Ana Editor', is_guest: false },
  resolved: false,
  created_on: '2026-01-01T00:00:00.000Z',
  replies: [],
});

function renderPanel(comments: AssetComment[]) {
  const onSeek = vi.fn();
  renderWithProviders(
    <CommentsPanel
      comments={comments}
      total={comments.length}
      submitLabel="Comment"
      guest={false}
      drawingCount={0}
      selectedId={null}
      onAdd={() => Promise.resolve()}
      onReply={() => Promise.resolve()}
      onSeek={onSeek}
    />,
  );
  return onSeek;
}

// happy-dom has no FontFaceSet; the composer's autosize Textarea listens on it
beforeAll(() => {
  if (!document.fonts)
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => {}, removeEventListener: () => {} },
      configurable: true,
    });
});

freshProvidersPerTest({ afterUnmount: () => window.getSelection()?.removeAllRanges() });

describe('CommentsPanel', () => {
  it("a click on a comment's text seeks to its frame, as its timecode chip does", () => {
    const c = comment('Colour jumps here', '00:00:02:00');
    const onSeek = renderPanel([c]);
    fireEvent.click(screen.getByText('Colour jumps here'));
    expect(onSeek).toHaveBeenCalledWith(c);
    fireEvent.click(screen.getByRole('button', { name: '00:00:02:00' }));
    expect(onSeek).toHaveBeenCalledTimes(2);
  });

  it('selecting the text, or the buttons of the card, do not seek; a comment with no frame does not', () => {
    const onSeek = renderPanel([comment('Select me', '00:00:02:00'), comment('No frame', null)]);
    const text = screen.getByText('Select me');
    const range = document.createRange();
    range.selectNodeContents(text);
    window.getSelection()!.addRange(range);
    fireEvent.click(text);
    window.getSelection()!.removeAllRanges();
    fireEvent.click(screen.getAllByRole('button', { name: 'Reply' })[0]);
    fireEvent.click(screen.getByText('No frame'));
    expect(onSeek).not.toHaveBeenCalled();
  });

  it("a range comment's chip shows its first and last timecode and seeks to its first frame", () => {
    const c = { ...comment('Too long', '00:01:00;02'), frame_out: 3600, timecode_out: '00:02:00;04' };
    const onSeek = renderPanel([c]);
    fireEvent.click(screen.getByRole('button', { name: PLAYER_TEXT.rangeOf('00:01:00;02', '00:02:00;04') }));
    expect(onSeek).toHaveBeenCalledWith(c);
  });
});
