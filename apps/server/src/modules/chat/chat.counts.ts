import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import { chatConversations, chatMessages } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { nextClockHour } from '../../platform/jobs/hourly.ts';
import type { ModuleLog } from '../../platform/modules.ts';

declare module '../../platform/jobs/queue.ts' {
  interface JobDefinitions {
    /** Recounts each conversation's messages_count and fixes what drifted; hourly. */
    'chat.check_counts': Record<string, never>;
  }
}

/** Conversations checked per transaction. */
const BATCH = 200;

/**
 * The hourly check of messages_count: triggers keep it in the writing transaction, this
 * corrects whatever drifted anyway. Each batch locks its conversation rows first (a send takes the
 * same lock by bumping chats_count), then counts after the lock, so no send in flight is missed or
 * counted twice. Answers how many conversations it corrected.
 */
export async function checkChatCounts(ctx: AppContext): Promise<number> {
  let fixed = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const locked = await rowsOf<{ id: string }>(
        tx,
        sql`select id from ${chatConversations} where id > ${after}::uuid order by id limit ${BATCH} for update`,
      );
      if (locked.length === 0) return null;
      const corrected = await rowsOf<{ id: string }>(
        tx,
        sql`update ${chatConversations} c set messages_count = k.n
          from (select x.id, (select count(*)::int from ${chatMessages} m where m.conversation_id = x.id) as n
                from unnest(${sql.param(locked.map((r) => r.id))}::uuid[]) as x(id)) k
          where c.id = k.id and c.messages_count <> k.n
          returning c.id`,
      );
      return { last: locked[locked.length - 1].id, fixed: corrected.length };
    });
    if (!batch) break;
    fixed += batch.fixed;
    after = batch.last;
  }
  return fixed;
}

/** One check per clock hour across the cluster (the hour is the singleton key). */
export function scheduleChatCountCheck(ctx: AppContext, from = Date.now()) {
  return ctx.jobs.enqueue(ctx.db, 'chat.check_counts', {}, nextClockHour('chat.check_counts', from));
}

/** The 'chat.check_counts' handler (declared by the chat manifest). */
export function checkChatCountsJob(ctx: AppContext, log: ModuleLog) {
  return async () => {
    const fixed = await checkChatCounts(ctx);
    if (fixed > 0) log.warn({ fixed }, 'chat message counts corrected');
    await scheduleChatCountCheck(ctx);
  };
}
