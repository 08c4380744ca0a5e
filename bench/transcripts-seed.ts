import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import type { TestApp } from '../apps/server/test/harness.ts';

/**
 * bench/transcripts.ts's project: `clips` video assets at the root, each transcribed ('done') with
 * `lines` transcript lines written straight into the tables in bulk (the bench measures the search,
 * not the writing). A line is 5–14 words of a film set's spoken vocabulary drawn with a Zipf-like
 * law (word k about 1/k as often as the first) and rare made-up words (names, places), from a seeded generator: every run has the same text.
 * The transcripts' words (jsonb) are left empty: the search reads only the lines.
 */

const VOCABULARY = `okay the I you and to a it that is we just so yeah right go this on in of
  for what can get here there now let's me do one no good more again little from your with take
  camera look back be have up all it's think want they need maybe don't can't out at time over
  just shot scene light move talk line start through bit other when how about wait keep quiet
  rolling speed action cut reset frame focus close wide left right stop turn slowly sound mark
  second first last still where sorry thanks great perfect nice lovely hold walk door window table
  chair car street road morning night day tonight tomorrow minute hour yesterday sun rain water
  harbour boat pier lighthouse sea beach sand cliff storm wind lamp lens tripod dolly crane track
  boom mic battery cable monitor director producer actor actress crew makeup wardrobe script page
  scene take slate clap background extras lunch coffee break schedule location permit truck van
  island bridge tower market kitchen garden roof stairs corridor office lobby hospital station
  train platform airport ticket passport letter phone message picture photo story ending opening
  music song dance party wedding birthday funeral church school teacher student doctor nurse police
  witness lawyer judge money bank contract deal secret truth lie promise mistake chance problem
  reason answer question idea plan trouble danger accident sunset sunrise shadow silence voice
  whisper scream laugh smile tear kiss hug fight run jump fall climb swim drive fly sail anchor
  merger teaser launch client brief budget deadline`
  .split(/\s+/)
  .filter(Boolean);

/** Mulberry32: a small seeded generator (the same lines every run). */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Names, places and jargon: each line's words are one in RARE_SHARE such a word, out of
 * RARE_WORDS made-up three-syllable words (a few lines each over the whole project).
 */
const SYLLABLES = 'ka lo ri ven to mar sel di qua bren os tal mi ru fen gal zo pe nik har'.split(' ');
const RARE_WORDS = SYLLABLES.length ** 3;
const RARE_SHARE = 0.05;
export const rareWord = (i: number) =>
  SYLLABLES[i % 20] + SYLLABLES[Math.floor(i / 20) % 20] + SYLLABLES[Math.floor(i / 400) % 20];

/** A word index with P(k) ∝ 1/(k+1): log-uniform over 1…n, Zipf's law with exponent 1. */
const zipf = (r: number, n: number) => Math.min(n - 1, Math.floor(Math.exp(r * Math.log(n + 1))) - 1);

const BATCH = 5_000;

export async function seedTranscripts(t: TestApp, projectId: string, clips: number, lines: number) {
  const db = t.ctx.db;
  const [{ team_id: teamId }] = await rowsOf<{ team_id: string }>(
    db,
    sql`select team_id from projects where id = ${projectId}`,
  );
  const made = await rowsOf<{ id: string; transcript_id: string }>(
    db,
    sql`with a as (
      insert into assets (project_id, title, file_type, folder_path, ingest_code, search_text, size_bytes,
        status, duration_seconds)
      select ${projectId}, 'scene_' || (g % 120) || '_take_' || (g / 120) || '.mov', 'video', '/', 'TR' || g,
        'scene_' || (g % 120) || '_take_' || (g / 120) || '.mov scene ' || (g % 120) || ' take ' || (g / 120) || ' mov',
        1000000, 1, 180
      from generate_series(1, ${clips}) g
      returning id)
    insert into transcripts (asset_id, project_id, team_id, status, language, engine, duration_ms)
    select id, ${projectId}, ${teamId}, 'done', 'en', 'bench', 180000 from a
    returning asset_id as id, id as transcript_id`,
  );
  await db.execute(sql`update projects set total_assets = total_assets + ${clips} where id = ${projectId}`);
  const random = generator(40);
  /** Lines waiting to be written, sent as one JSON parameter per batch (drizzle spreads arrays). */
  const batch: { t: string; a: string; p: number; f: number; l: number; s: number; e: number; x: string }[] =
    [];
  const flush = async () => {
    if (batch.length === 0) return;
    await db.execute(sql`
      insert into transcript_lines (transcript_id, asset_id, project_id, position, first_word, last_word,
        start_ms, end_ms, text)
      select t, a, ${projectId}, p, f, l, s, e, x
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
        as u(t uuid, a uuid, p int, f int, l int, s int, e int, x text)`);
    batch.length = 0;
  };
  for (const clip of made) {
    let word = 0;
    let at = 500 + Math.floor(random() * 3000);
    for (let position = 0; position < lines; position++) {
      const n = 5 + Math.floor(random() * 10);
      const text = Array.from({ length: n }, () =>
        random() < RARE_SHARE
          ? rareWord(Math.floor(random() * RARE_WORDS))
          : VOCABULARY[zipf(random(), VOCABULARY.length)],
      ).join(' ');
      batch.push({
        t: clip.transcript_id,
        a: clip.id,
        p: position,
        f: word,
        l: word + n - 1,
        s: at,
        e: at + n * 380,
        x: `${text[0].toUpperCase()}${text.slice(1)}.`,
      });
      word += n;
      at += n * 380 + 700 + Math.floor(random() * 4000);
      if (batch.length >= BATCH) await flush();
    }
  }
  await flush();
  await db.execute(sql`analyze`);
  return made.length * lines;
}

/** How many of the project's lines the search's query matches (as the route builds it). */
export async function matchingLines(t: TestApp, projectId: string, q: string): Promise<number> {
  const { tsQueryOf } = await import('../apps/server/src/modules/assets/index.ts');
  const [{ n }] = await rowsOf<{ n: number }>(
    t.ctx.db,
    sql`select count(*)::int as n from transcript_lines where project_id = ${projectId} and search_vector @@ ${tsQueryOf(q)}`,
  );
  return n;
}
