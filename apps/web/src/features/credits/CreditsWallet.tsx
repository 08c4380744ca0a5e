import { Anchor, Badge, Button, Card, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  CREDIT_TEXT,
  PAYMENT_TEXT,
  formatDate,
  formatPsc,
  formatRupees,
  pscToPaise,
  type CreditTransaction,
} from '@rushes/shared';
import { usePanels } from '../../app/panels/PanelContext.ts';
import { ListStatus } from '../../ui/ListStatus.tsx';
import { invoiceUrl, useCreditBalance, useCreditTransactions, usePayments } from './api.ts';

const signed = (psc: number) => (psc > 0 ? `+${formatPsc(psc)}` : `-${formatPsc(-psc)}`);

function InvoiceLink({ paymentDbId, label }: { paymentDbId: string; label?: string }) {
  return (
    <Anchor href={invoiceUrl(paymentDbId)} download size="sm" aria-label={PAYMENT_TEXT.downloadInvoice}>
      <Group gap={4} wrap="nowrap">
        <IconDownload size={14} />
        {label ?? PAYMENT_TEXT.downloadInvoice}
      </Group>
    </Anchor>
  );
}

function TransactionsTable({ teamDbId }: { teamDbId: string }) {
  const list = useCreditTransactions(teamDbId);
  const rows: CreditTransaction[] = list.data?.pages.flatMap((p) => p.transactions) ?? [];
  return (
    <Stack gap="sm">
      <ListStatus query={list} empty={rows.length === 0} emptyText={CREDIT_TEXT.noTransactions} />
      {rows.length > 0 && (
        <Table striped aria-label={CREDIT_TEXT.transactionsTitle}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{CREDIT_TEXT.date}</Table.Th>
              <Table.Th>{CREDIT_TEXT.description}</Table.Th>
              <Table.Th>{CREDIT_TEXT.type}</Table.Th>
              <Table.Th ta="right">{CREDIT_TEXT.amount}</Table.Th>
              <Table.Th ta="right">{CREDIT_TEXT.balance}</Table.Th>
              <Table.Th>{CREDIT_TEXT.invoice}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.transaction_db_id}>
                <Table.Td>{formatDate(r.created_on)}</Table.Td>
                <Table.Td>{r.reason}</Table.Td>
                <Table.Td>{CREDIT_TEXT.kind[r.kind]}</Table.Td>
                <Table.Td ta="right" c={r.amount > 0 ? 'green' : undefined}>
                  {signed(r.amount)}
                </Table.Td>
                <Table.Td ta="right">{formatPsc(r.balance_after)}</Table.Td>
                <Table.Td>{r.payment_db_id ? <InvoiceLink paymentDbId={r.payment_db_id} /> : null}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {list.hasNextPage && (
        <Button variant="subtle" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {CREDIT_TEXT.loadMore}
        </Button>
      )}
    </Stack>
  );
}

function PaymentsTable({ teamDbId }: { teamDbId: string }) {
  const list = usePayments(teamDbId);
  const rows = list.data?.pages.flatMap((p) => p.payments) ?? [];
  return (
    <Stack gap="sm">
      <ListStatus query={list} empty={rows.length === 0} emptyText={PAYMENT_TEXT.noPayments} />
      {rows.length > 0 && (
        <Table striped aria-label={PAYMENT_TEXT.paymentsTitle}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{CREDIT_TEXT.date}</Table.Th>
              <Table.Th>{CREDIT_TEXT.description}</Table.Th>
              <Table.Th ta="right">{PAYMENT_TEXT.total}</Table.Th>
              <Table.Th>{PAYMENT_TEXT.statusTitle}</Table.Th>
              <Table.Th>{CREDIT_TEXT.invoice}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.payment_db_id}>
                <Table.Td>{formatDate(p.created_on)}</Table.Td>
                <Table.Td>{p.description}</Table.Td>
                <Table.Td ta="right">{formatRupees(pscToPaise(p.amount))}</Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={p.status === 'paid' ? 'green' : p.status === 'failed' ? 'red' : 'gray'}
                  >
                    {PAYMENT_TEXT.status[p.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {p.invoice_number ? (
                    <InvoiceLink paymentDbId={p.payment_db_id} label={p.invoice_number} />
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {list.hasNextPage && (
        <Button variant="subtle" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {CREDIT_TEXT.loadMore}
        </Button>
      )}
    </Stack>
  );
}

/**
 * The team's credits wallet: balance with 'Low Balance' under 100 PSC (spec 002 §8),
 * Add Credits, the ledger and the payments, each paid one with its tax invoice. For team admins.
 */
export function CreditsWallet({ teamDbId }: { teamDbId: string }) {
  const balance = useCreditBalance(teamDbId);
  const panels = usePanels();
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Group justify="space-between" align="center">
          <Stack gap={4}>
            <Text c="dimmed" size="sm">
              {CREDIT_TEXT.creditsAvailable}
            </Text>
            <Group gap="sm">
              <Title order={2} data-testid="credits-available">
                {balance.data ? formatPsc(balance.data.credits_available) : '…'}
              </Title>
              {balance.data?.low_balance && (
                <Badge color="red" variant="light">
                  {CREDIT_TEXT.lowBalance}
                </Badge>
              )}
            </Group>
          </Stack>
          <Button
            onClick={() =>
              panels.open('addCredits', { teamDbId, creditsAvailable: balance.data?.credits_available })
            }
          >
            {CREDIT_TEXT.addCredits}
          </Button>
        </Group>
      </Card>
      <Tabs defaultValue="transactions">
        <Tabs.List>
          <Tabs.Tab value="transactions">{CREDIT_TEXT.transactionsTitle}</Tabs.Tab>
          <Tabs.Tab value="payments">{PAYMENT_TEXT.paymentsTitle}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="transactions" pt="md">
          <TransactionsTable teamDbId={teamDbId} />
        </Tabs.Panel>
        <Tabs.Panel value="payments" pt="md">
          <PaymentsTable teamDbId={teamDbId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
