import { z } from 'zod';
import type { AiSource } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { createAssetCatalog } from '../assets/index.ts';
import { createBriefService } from '../brief/index.ts';
import { createChatService } from '../chat/index.ts';
import { authorizeProject, canViewProject, type ProjectAccess } from '../projects/index.ts';
import { createTasksService } from '../tasks/index.ts';
import { SEARCH_TRANSCRIPTS, searchTranscripts, searchTranscriptsArgs } from './ai.transcripts.ts';
import type { ChatTool, ToolCall } from './ai.upstream.ts';

/**
 * The assistant's tools (search_transcripts in ai.transcripts.ts). Each runs as the asking user
 * through the owning module's own service, so it sees exactly what that user can read: a project the user is not a member of (any
 * other team's) answers "not found" and nothing of it. Arguments come from the model and are
 * validated like any request; results go back to the model as JSON data, never as instructions.
 */

const projectArg = {
  project_db_id: {
    type: 'string',
    description: 'The project to look in; leave it out for the project the user is looking at.',
  },
} as const;

export const TOOL_DEFINITIONS: ChatTool[] = [
  {
    type: 'function',
    function: {
      name: 'list_tasks',
      description:
        "The project's tasks: type, status (Pending, In Progress, Completed, Expired, Transfer Request), due date, who assigned it, assignees and description.",
      parameters: {
        type: 'object',
        properties: {
          ...projectArg,
          status: {
            type: 'string',
            enum: ['pending', 'in_progress', 'completed', 'expired', 'open', 'any'],
            description: "'open' means not completed and not expired.",
          },
        },
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'find_assets',
      description:
        "The project's assets (files and folders): name, additional name, type, duration in seconds, keywords, folder. Filter by words, type and duration.",
      parameters: {
        type: 'object',
        properties: {
          ...projectArg,
          text: { type: 'string', description: 'Words of the name, additional name or keywords.' },
          file_type: { type: 'string', enum: ['folder', 'image', 'audio', 'video', 'other'] },
          min_duration_seconds: { type: 'number' },
          max_duration_seconds: { type: 'number' },
        },
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_brief',
      description: "The project's brief.",
      parameters: { type: 'object', properties: { ...projectArg } },
    },
  },
  {
    type: 'function',
    function: {
      name: 'recent_chat',
      description: "The latest messages of the project's chat, oldest first.",
      parameters: {
        type: 'object',
        properties: { ...projectArg, count: { type: 'integer', minimum: 1, maximum: 50 } },
      },
    },
  },
  SEARCH_TRANSCRIPTS,
];

const optionalId = z.uuid().optional().catch(undefined);
const argsSchemas = {
  list_tasks: z.object({
    project_db_id: optionalId,
    status: z.enum(['pending', 'in_progress', 'completed', 'expired', 'open', 'any']).catch('any'),
  }),
  find_assets: z.object({
    project_db_id: optionalId,
    text: z.string().max(200).optional().catch(undefined),
    file_type: z.enum(['folder', 'image', 'audio', 'video', 'other']).optional().catch(undefined),
    min_duration_seconds: z.number().min(0).optional().catch(undefined),
    max_duration_seconds: z.number().min(0).optional().catch(undefined),
  }),
  get_brief: z.object({ project_db_id: optionalId }),
  recent_chat: z.object({ project_db_id: optionalId, count: z.number().int().min(1).max(50).catch(20) }),
  search_transcripts: searchTranscriptsArgs,
};

export interface ToolResult {
  /** JSON for the model */
  content: string;
  /** items it returned, candidates for the answer's links */
  sources: AiSource[];
}

const TASK_LIMIT = 100;
const ASSET_LIMIT = 100;

/** An unknown project, one the user may not read, or a bad id: the same empty answer. */
const nothing = (projectId: string): ToolResult => ({
  content: JSON.stringify({ project_db_id: projectId, found: false, items: [] }),
  sources: [],
});

export function createTools(ctx: AppContext) {
  const tasks = createTasksService(ctx);
  const catalog = createAssetCatalog(ctx);
  const brief = createBriefService(ctx);
  const chat = createChatService(ctx);

  const run = {
    async list_tasks(userId: string, projectId: string, a: z.infer<(typeof argsSchemas)['list_tasks']>) {
      const all = [];
      let cursor: string | undefined;
      do {
        const page = await tasks.list(userId, {
          project_db_id: projectId,
          entries_per_page: 50,
          page_no: 1,
          cursor,
        });
        all.push(...page.data);
        cursor = page.next_cursor ?? undefined;
      } while (cursor && all.length < TASK_LIMIT);
      const wanted = all.filter((t) =>
        a.status === 'any'
          ? true
          : a.status === 'open'
            ? t.task_status === 'pending' || t.task_status === 'in_progress'
            : t.task_status === a.status,
      );
      return {
        content: JSON.stringify({
          project_db_id: projectId,
          found: true,
          tasks: wanted.map((t) => ({
            task_db_id: t.task_db_id,
            type: t.task_type_label,
            status: t.task_status_label,
            due_date: t.due_date,
            assigned_by: t.assigned_by.name,
            assignees: [...t.assigned_to_user_profiles.map((p) => p.name), ...t.invited_team_members],
            description: t.description,
          })),
        }),
        sources: wanted.map((t) => ({
          kind: 'task' as const,
          id: t.task_db_id,
          title: t.description,
          project_db_id: projectId,
        })),
      };
    },
    async find_assets(userId: string, projectId: string, a: z.infer<(typeof argsSchemas)['find_assets']>) {
      const page = await catalog.entries(userId, projectId, {
        text: a.text,
        fileType: a.file_type,
        minDurationSeconds: a.min_duration_seconds,
        maxDurationSeconds: a.max_duration_seconds,
        limit: ASSET_LIMIT,
      });
      return {
        content: JSON.stringify({ project_db_id: projectId, found: true, ...page }),
        sources: page.items.map((i) => ({
          kind: 'asset' as const,
          id: i.ingest_db_id,
          title: i.title,
          project_db_id: projectId,
          is_folder: i.is_folder,
        })),
      };
    },
    async get_brief(_userId: string, projectId: string, _args: unknown, access: ProjectAccess) {
      const b = await brief.get(access);
      return {
        content: JSON.stringify({ project_db_id: projectId, found: true, title: b.title, brief: b.brief }),
        sources: [{ kind: 'brief' as const, id: projectId, title: b.title, project_db_id: projectId }],
      };
    },
    async recent_chat(userId: string, projectId: string, a: z.infer<(typeof argsSchemas)['recent_chat']>) {
      const history = await chat.history({
        project_db_id: projectId,
        entries_per_page: a.count,
        page_no: 1,
        tz: 'UTC',
      });
      const messages = history.messages.flatMap((day) =>
        day.messages.flatMap((g) =>
          g.messages.map((m) => ({ from: g.user.user_name, at: m.timestamp, text: m.text })),
        ),
      );
      return {
        content: JSON.stringify({ project_db_id: projectId, found: true, messages }),
        sources: [{ kind: 'chat' as const, id: projectId, title: '', project_db_id: projectId }],
      };
    },
    search_transcripts: (_userId: string, projectId: string, a: z.infer<typeof searchTranscriptsArgs>) =>
      searchTranscripts(ctx.db, projectId, a),
  };

  return {
    /** Runs one call as `userId`; the panel's project is the default. Never throws for bad input. */
    async call(userId: string, panelProjectId: string, call: ToolCall): Promise<ToolResult> {
      const name = call.name as keyof typeof argsSchemas;
      const schema = argsSchemas[name];
      if (!schema) return { content: JSON.stringify({ error: `unknown tool ${call.name}` }), sources: [] };
      let raw: unknown;
      try {
        raw = call.arguments.trim() ? JSON.parse(call.arguments) : {};
      } catch {
        raw = {};
      }
      const parsed = schema.safeParse(raw && typeof raw === 'object' ? raw : {});
      const args = parsed.success ? parsed.data : schema.parse({});
      const projectId = (raw as { project_db_id?: unknown })?.project_db_id;
      // a project id the model made up (not a uuid) is not silently swapped for the panel's
      if (projectId !== undefined && args.project_db_id === undefined) return nothing(String(projectId));
      const target = args.project_db_id ?? panelProjectId;
      try {
        // No route's policy ran for this project: the tools read other modules' services, which
        // leave that check to their routes, so the caller's membership is checked here.
        const access = await authorizeProject(ctx.db, userId, target, canViewProject);
        // each schema's output matches its runner's argument
        return await (
          run[name] as (u: string, p: string, a: unknown, access: ProjectAccess) => Promise<ToolResult>
        )(userId, target, args, access);
      } catch (err) {
        if (err instanceof AppError && err.status < 500) return nothing(target);
        throw err;
      }
    },
  };
}

export type Tools = ReturnType<typeof createTools>;
