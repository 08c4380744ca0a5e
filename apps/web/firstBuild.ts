import { build, type Plugin, type PluginOption, type Rolldown } from 'vite';

export type Group = NonNullable<
  Extract<NonNullable<Rolldown.OutputOptions['codeSplitting']>, object>['groups']
>[number];

/**
 * Builds the app once in memory, with the plugins that shape the bundle, so that `readers` can see
 * what the bundle holds after tree shaking (which chunks, which modules) before the real build is
 * configured from it: the session chunk (sessionChunk.ts) and the Mantine stylesheet
 * (mantineStyles.ts). It costs the build about 3 s.
 */
export async function readFirstBuild(
  root: string,
  plugins: PluginOption[],
  rolldownOptions: Rolldown.RolldownOptions,
  readers: Plugin[],
): Promise<void> {
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [...plugins, ...readers],
    build: { write: false, rolldownOptions },
  });
}

/** The chunks of a bundle, for a reader's generateBundle. */
export function chunksOf(bundle: Rolldown.OutputBundle): Rolldown.OutputChunk[] {
  return Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
}
