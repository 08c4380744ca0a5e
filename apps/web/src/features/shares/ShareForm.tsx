import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import {
  MSG,
  REQUEST_PEOPLE_MAX,
  SHARE_COPIED_MS,
  SHARE_DURATION_DEFAULT,
  SHARE_LINKS_TEXT,
  SHARE_PASSCODE_MAX,
  UI,
  settingOn,
  shareBody,
  type ShareAnswer,
  type ShareSetting,
} from '@rushes/shared';
import { fieldErrorsOf } from '../../api/client.ts';
import { useSelectedTeam, useUser } from '../../api/currentUser.ts';
import { showApiError } from '../../app/apiErrors.ts';
import { Form } from '../../ui/Form.tsx';
import { PeopleSearchPicker, useSearchTerm, type PickedPerson } from '../../ui/PeopleSearchPicker.tsx';
import { toast } from '../../ui/toast.ts';
import { splitPeople } from '../tasks/PeoplePicker.tsx';
import { useUserSearch } from '../teams/api.ts';
import { useShare } from './api.ts';
import { CopyIconButton } from '../../ui/CopyIconButton.tsx';
import { writeClipboard } from './linkDialog.tsx';

type Errors = { people?: string; duration?: string; passcode?: string };

interface ShareFormProps {
  projectDbId: string;
  assets: { ingest_db_id: string; title: string }[];
  /** a folder shared as one link (assets is then empty) */
  folder?: { ingest_db_id: string; title: string };
  settings: ShareSetting[];
  onShared: (answer: ShareAnswer) => void;
  /** a link made by Copy link that the clipboard refused: shown to copy by hand */
  showLinks: (answer: ShareAnswer) => void;
}

/**
 * The SHARE view (spec 002 §3, §5): people searched from 3 characters or typed e-mails (invited),
 * the duration in hours (1 to 120, default 48), the settings (download allowed, passcode protection)
 * and the passcode (8 to 16, no spaces, the rule written on the field) with its copy button
 * ('Copied' 2 s). Share sends to the people picked; Copy link makes a link for nobody in particular
 * and puts it on the clipboard ('Copied' 2 s).
 */
export function ShareForm({
  projectDbId,
  assets,
  folder,
  settings: initial,
  onShared,
  showLinks,
}: ShareFormProps) {
  const user = useUser();
  const { team } = useSelectedTeam();
  const term = useSearchTerm();
  const results = useUserSearch(term.debounced, team?.team_db_id, term.searching);
  const [people, setPeople] = useState<PickedPerson[]>([]);
  const [duration, setDuration] = useState(String(SHARE_DURATION_DEFAULT));
  const [settings, setSettings] = useState<ShareSetting[]>(initial);
  const [passcode, setPasscode] = useState('');
  // several files: one link holding them all in order (a playlist), else one link per file (spec 002)
  const [oneLink, setOneLink] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const protectedOn = settingOn(settings, 'passcode_protection');

  const showErrors = (error: unknown) => {
    const fields = fieldErrorsOf(error);
    if (!fields) return showApiError(error);
    setErrors({
      people: fields.user_ids ?? fields.user_emails,
      duration: fields.duration,
      passcode: fields.passcode,
    });
  };
  const send = useShare({
    meta: { silent: true },
    onSuccess: (data) => {
      toast.success(data.message || MSG.assetShared);
      onShared(data);
    },
    onError: showErrors,
  });
  const link = useShare({ meta: { silent: true }, onError: showErrors });
  const [copied, setCopied] = useState(false);
  // from a task the files are chosen above the form
  const none = assets.length === 0 && !folder;

  /** The body for these people, or null with the rules' messages shown on their fields. */
  const bodyFor = (picked: PickedPerson[]) => {
    const [first, ...rest] = assets.map((a) => a.ingest_db_id);
    const parsed = shareBody.safeParse({
      project_db_id: projectDbId,
      ...(folder
        ? { folder_db_id: folder.ingest_db_id }
        : { ingest_db_id: first, ingest_db_ids: rest, as_one_link: oneLink && assets.length > 1 }),
      ...splitPeople(picked),
      duration,
      settings,
      passcode: protectedOn ? passcode : undefined,
      team_db_id: team?.team_db_id,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        if (key === 'duration') next.duration ??= issue.message;
        else if (key === 'passcode') next.passcode ??= issue.message;
        else next.people ??= issue.message;
      }
      setErrors(next);
      return null;
    }
    setErrors({});
    return { ...parsed.data, duration: String(parsed.data.duration) };
  };

  const submit = () => {
    const body = bodyFor(people);
    if (body) send.mutate(body);
  };

  // A link for nobody in particular (no mail, nobody's tray): made with the duration, settings and
  // passcode above, and put on the clipboard. The clipboard write starts within the click, as some
  // browsers require, and gets its text when the server answers.
  const copyLink = () => {
    const body = bodyFor([]);
    if (!body) return;
    const made = link.mutateAsync(body);
    const urls = made.then((answer) =>
      answer.links.map((l) => new URL(l.url, window.location.origin).toString()).join('\n'),
    );
    void writeClipboard(urls).then(
      () => {
        toast.success(MSG.linkCopied);
        setCopied(true);
        window.setTimeout(() => setCopied(false), SHARE_COPIED_MS);
      },
      // made but not copied (clipboard refused): shown to copy by hand, as after Share
      () =>
        made.then(
          (answer) => showLinks(answer),
          () => undefined,
        ),
    );
  };

  const toggle = (field: ShareSetting['field'], selected: boolean) => {
    setSettings((list) => list.map((s) => (s.field === field ? { ...s, selected } : s)));
    if (field === 'passcode_protection') setErrors((e) => ({ ...e, passcode: undefined }));
  };

  return (
    <Form aria-label={UI.shareAsset} onSubmit={submit}>
      <PeopleSearchPicker
        label={UI.shareWith}
        placeholder={UI.searchPeople}
        term={term}
        results={results}
        value={people}
        max={REQUEST_PEOPLE_MAX}
        hidden={(u) => u.user_id === user.user_id}
        error={errors.people}
        onChange={(value) => {
          setPeople(value);
          setErrors((e) => ({ ...e, people: undefined }));
        }}
      />
      {folder && (
        <Text size="sm">
          {SHARE_LINKS_TEXT.folderLabel(folder.title)}
          <Text span c="dimmed" size="sm" display="block">
            {SHARE_LINKS_TEXT.folderHint}
          </Text>
        </Text>
      )}
      {assets.length > 1 && (
        <Checkbox
          label={SHARE_LINKS_TEXT.oneLinkForAll}
          description={SHARE_LINKS_TEXT.oneLinkHint}
          checked={oneLink}
          onChange={(e) => setOneLink(e.currentTarget.checked)}
        />
      )}
      <TextInput
        label={UI.shareDurationLabel}
        inputMode="numeric"
        value={duration}
        error={errors.duration}
        onChange={(e) => {
          setDuration(e.currentTarget.value);
          setErrors((x) => ({ ...x, duration: undefined }));
        }}
      />
      <Stack gap={6}>
        {settings.map((s) => (
          <Checkbox
            key={s.field}
            label={s.title}
            checked={s.selected}
            onChange={(e) => toggle(s.field, e.currentTarget.checked)}
          />
        ))}
      </Stack>
      {protectedOn && (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label={UI.passcodeLabel}
            description={UI.passcodeRule}
            value={passcode}
            maxLength={SHARE_PASSCODE_MAX + 10}
            error={errors.passcode}
            autoComplete="off"
            style={{ flex: 1 }}
            onChange={(e) => {
              setPasscode(e.currentTarget.value);
              setErrors((x) => ({ ...x, passcode: undefined }));
            }}
          />
          <CopyIconButton value={passcode} label={UI.copyPasscode} mt={48} disabled={!passcode} />
        </Group>
      )}
      <Group gap="xs">
        <Button type="submit" loading={send.isPending} disabled={none || link.isPending}>
          {UI.shareButton}
        </Button>
        <Button
          variant="default"
          color={copied ? 'teal' : undefined}
          leftSection={copied ? <IconCheck size={16} /> : <IconLink size={16} />}
          loading={link.isPending}
          disabled={none || send.isPending}
          onClick={copyLink}
        >
          {copied ? UI.copied : UI.copyLink}
        </Button>
      </Group>
    </Form>
  );
}
