import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PROJECT_SECTIONS, SECTION_PARAM } from './paths.ts';

/** The camera tab, where `s` is a camera session id (spec 001 §2), not a section. */
const CAMERA_TABS = new Set(['camera-to-edit', 'cameraToEdit']);
/** The product's own short form of the chat link, kept as an alias. */
const CHAT_ALIAS = 'chat';

/** What a section link opens on the project page, for the sections built so far. */
export interface SectionOpeners {
  projectChat: () => void;
  liveCollaboration?: () => void;
}

/**
 * On the project page, `?s={section}` opens that section once (the spec's deep links: 's=project
 * chat', 's=join live collaboration'), then leaves the address, so reloading or going back does not
 * open it again. A section of a feature not built yet, or a value the spec does not name, opens
 * the project only: no error. Under the camera tab `s` is a camera session id and is left alone.
 */
export function useSectionParam(openers: SectionOpeners): void {
  const [params, setParams] = useSearchParams();
  const camera = CAMERA_TABS.has(params.get('tab') ?? '');
  const raw = camera ? null : params.get(SECTION_PARAM);
  const section = raw?.trim().toLowerCase() ?? null;
  const chatAlias = params.get(CHAT_ALIAS) === '1';
  const { projectChat, liveCollaboration } = openers;

  useEffect(() => {
    if (section === null && !chatAlias) return;
    if (chatAlias || section === PROJECT_SECTIONS.projectChat) projectChat();
    if (section === PROJECT_SECTIONS.joinLiveCollaboration) liveCollaboration?.();
    // unknown values: nothing to open
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(SECTION_PARAM);
        next.delete(CHAT_ALIAS);
        return next;
      },
      { replace: true },
    );
  }, [section, chatAlias, projectChat, liveCollaboration, setParams]);
}
