import type { AppContext } from '../../platform/context.ts';
import { defineModule } from '../../platform/modules.ts';
import { onAssetsMoved } from '../assets/index.ts';
import { moveTranscripts } from './transcripts.store.ts';
import { transcriptsPolicies } from './transcripts.policy.ts';
import { transcriptsRoutes } from './transcripts.routes.ts';
import { queueOnReady, registerTranscriptMappers, transcribeJob } from './transcripts.job.ts';

// What other modules may call (everything else in this folder is internal).
export { searchTranscriptLines } from './transcripts.search.ts';
export { findTranscript } from './transcripts.store.ts';

/**
 * What is said in the footage: transcripts of video and audio assets made by a speech-to-text
 * service, their captions (WebVTT, SRT) and the project's search inside them
 * (docs/decisions/0036-transcripts.md).
 */
export const transcriptsModule = defineModule({
  name: 'transcripts',
  policies: transcriptsPolicies,
  routes: [transcriptsRoutes],
  jobs: { 'transcripts.transcribe': transcribeJob },
  listeners: [
    queueOnReady,
    registerTranscriptMappers,
    (ctx: AppContext) => onAssetsMoved(ctx, moveTranscripts),
  ],
});
