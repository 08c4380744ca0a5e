// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AI_TEXT } from '@rushes/shared';
import { freshProvidersPerTest, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { Turn } from './AssistantTurns.tsx';

freshProvidersPerTest();

describe("an answer's links", () => {
  it('spoken words link the clip at each moment (time beside the name); a plain asset opens at the start', () => {
    const source = {
      kind: 'asset' as const,
      title: 'director-notes.mov',
      project_db_id: 'p1',
      is_folder: false,
    };
    renderWithProviders(
      <MemoryRouter>
        <Turn
          openBrief={() => {}}
          turn={{
            key: 'k',
            role: 'system',
            state: 'done',
            text: 'director-notes.mov at 00:01:23 and 01:02:05',
            sources: [
              { ...source, id: 'a1', start_ms: 83_000 },
              { ...source, id: 'a1', start_ms: 3_725_000 },
              { ...source, id: 'a2', title: 'broll.mov' },
            ],
          }}
        />
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      [`${AI_TEXT.kind.asset}: director-notes.mov (1:23)`, '/player/a1?t=83000'],
      [`${AI_TEXT.kind.asset}: director-notes.mov (1:02:05)`, '/player/a1?t=3725000'],
      [`${AI_TEXT.kind.asset}: broll.mov`, '/player/a2'],
    ]);
  });
});
