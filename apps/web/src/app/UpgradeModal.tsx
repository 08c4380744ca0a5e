import { UI } from '@rushes/shared';
import { Anchor, Button, Image, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { UpgradeData } from '@rushes/shared';
import { whenModalsReady } from './modalHost.ts';
import { navigateTo } from './navigation.ts';
import { UPGRADE_PLAN_PATH } from './paths.ts';

const isWebLink = (url: string) => /^https?:\/\//i.test(url);

function UpgradeContent({ data, onUpgrade }: { data: UpgradeData; onUpgrade: () => void }) {
  return (
    <Stack gap="sm">
      {isWebLink(data.image_url) && <Image src={data.image_url} alt="" h={160} fit="contain" />}
      {data.message && <Text>{data.message}</Text>}
      {data.sub_title && (
        <Text size="sm" c="dimmed">
          {data.sub_title}
        </Text>
      )}
      {isWebLink(data.website_link) && (
        <Anchor href={data.website_link} target="_blank" rel="noopener noreferrer" size="sm">
          {UI.upgradeLearnMore}
        </Anchor>
      )}
      {data.button_text && <Button onClick={onUpgrade}>{data.button_text}</Button>}
    </Stack>
  );
}

/** The upgrade notice of a plan-limit refusal (data.upgrade_required), instead of an error toast. */
export function openUpgradeModal(data: UpgradeData): void {
  void whenModalsReady().then(() => showUpgradeModal(data));
}

function showUpgradeModal(data: UpgradeData): void {
  const id = modals.open({
    title: data.title,
    centered: true,
    children: (
      <UpgradeContent
        data={data}
        onUpgrade={() => {
          modals.close(id);
          navigateTo(UPGRADE_PLAN_PATH);
        }}
      />
    ),
  });
}
