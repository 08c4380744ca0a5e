/**
 * The layout of an asset's stored objects (DESIGN §9: generated keys, never from the user's file
 * name). The assets module owns it; uploads write the original, the media pipeline the thumbnail
 * and the web proxy, all under the asset's prefix.
 */
export const assetKeyPrefix = (projectId: string, assetId: string) =>
  `projects/${projectId.toLowerCase()}/assets/${assetId.toLowerCase()}`;
export const originalKey = (projectId: string, assetId: string) =>
  `${assetKeyPrefix(projectId, assetId)}/original`;
/** The JPEG thumbnail (poster frame, waveform or scaled image). */
export const thumbnailKey = (projectId: string, assetId: string) =>
  `${assetKeyPrefix(projectId, assetId)}/thumbnail.jpg`;
/** A PDF's pages rendered to JPEG: `<pagesKey>/<n>.jpg`, n from 1. */
export const pagesKey = (projectId: string, assetId: string) => `${assetKeyPrefix(projectId, assetId)}/pages`;
/** The H.264/AAC MP4 a browser plays when it cannot play the original. */
export const proxyKey = (projectId: string, assetId: string) =>
  `${assetKeyPrefix(projectId, assetId)}/proxy.mp4`;
/** The JPEG hover-scrub sprite sheet of a video (layout in assets.sprite_info). */
export const spriteKey = (projectId: string, assetId: string) =>
  `${assetKeyPrefix(projectId, assetId)}/sprite.jpg`;
