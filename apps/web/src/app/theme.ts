import { createTheme } from '@mantine/core';

/** Mantine defaults, with the spec's breakpoints (768, 1024, 1280 px) and 10px root font (spec 002 §9). */
export const theme = createTheme({
  // Users who ask their system for less motion get no menu/modal animations.
  respectReducedMotion: true,
  // The root font is 10px (root.css, spec 002 §9): Mantine's rem sizes are scaled back to 16px-based.
  scale: 1.6,
  breakpoints: { xs: '36em', sm: '48em', md: '64em', lg: '80em', xl: '88em' },
});
