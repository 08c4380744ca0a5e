import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  APP_NAME,
  MSG,
  PAYMENT_TEXT,
  SUB_TEXT,
  formatRupees,
  pscToPaise,
  type CheckoutDetail,
} from '@rushes/shared';
import { getSocket } from '../../api/socket.ts';
import { showApiError } from '../../app/apiErrors.ts';
import { PATHS } from '../../app/paths.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { toast } from '../../ui/toast.ts';
import {
  creditsKeys,
  invoiceUrl,
  useCheckout,
  useCompleteTestPayment,
  useDeclineTestPayment,
  useVerifyRazorpay,
} from '../credits/api.ts';
import { openRazorpayCheckout } from './razorpayCheckout.ts';

const rupees = (psc: number) => formatRupees(pscToPaise(psc));

function Amounts({ p }: { p: CheckoutDetail }) {
  return (
    <Table withRowBorders={false} aria-label={PAYMENT_TEXT.checkoutTitle}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Td>{PAYMENT_TEXT.taxable}</Table.Td>
          <Table.Td ta="right">{rupees(p.taxable)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td>{PAYMENT_TEXT.tax}</Table.Td>
          <Table.Td ta="right">{rupees(p.tax)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td fw={700}>{PAYMENT_TEXT.total}</Table.Td>
          <Table.Td ta="right" fw={700} data-testid="checkout-total">
            {rupees(p.amount)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/**
 * The checkout of one payment, for both providers: test mode shows Complete and Decline
 * (the server then sends itself the signed webhook Razorpay would send); Razorpay opens its checkout
 * on the order. Either way the page waits until the webhook has marked the payment paid or failed.
 */
export default function CheckoutPage() {
  const { paymentDbId = '' } = useParams();
  const queryClient = useQueryClient();
  const [acted, setActed] = useState(false);
  const [razorpayBusy, setRazorpayBusy] = useState(false);
  const checkout = useCheckout(paymentDbId, acted);
  // the payer's payment_update (a Razorpay webhook arrived): refetch without waiting for the poll
  useEffect(() => {
    const socket = getSocket();
    const onUpdate = ({ payment_db_id }: { payment_db_id: string }) => {
      if (payment_db_id === paymentDbId) void queryClient.invalidateQueries({ queryKey: creditsKeys.all });
    };
    socket?.on('payment_update', onUpdate);
    return () => void socket?.off('payment_update', onUpdate);
  }, [paymentDbId, queryClient]);
  const settled = () => {
    setActed(true);
    void queryClient.invalidateQueries({ queryKey: creditsKeys.all });
  };
  // A purchase the user completed here is told once in a 'Success' toast (spec 002 §8), when the
  // payment has been marked paid: the webhook may arrive after the provider's answer.
  const toldPaid = useRef(false);
  const paidKind = checkout.data?.status === 'paid' ? checkout.data.kind : null;
  useEffect(() => {
    if (!acted || !paidKind || toldPaid.current) return;
    toldPaid.current = true;
    toast.success(paidKind === 'credits' ? PAYMENT_TEXT.creditsAdded : SUB_TEXT.planUpdated);
  }, [acted, paidKind]);
  const complete = useCompleteTestPayment({ onSuccess: settled, onError: showApiError });
  const decline = useDeclineTestPayment({ onSuccess: settled, onError: showApiError });
  const verify = useVerifyRazorpay({ onSuccess: settled, onError: showApiError });

  if (checkout.isPending) return <PageLoader />;
  if (checkout.isError || !checkout.data) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red">{checkout.error?.message ?? MSG.somethingWentWrong}</Alert>
      </Container>
    );
  }
  const d = checkout.data;
  const back = d.kind === 'credits' ? PATHS.credits : PATHS.subscription;
  const payRazorpay = async () => {
    if (!d.key_id || !d.order_id) return;
    setRazorpayBusy(true);
    try {
      const answer = await openRazorpayCheckout({
        keyId: d.key_id,
        orderId: d.order_id,
        amountPaise: pscToPaise(d.amount),
        name: APP_NAME,
        description: d.description,
      });
      if (answer) verify.mutate({ payment_db_id: d.payment_db_id, ...answer });
    } catch (err) {
      showApiError(err);
    } finally {
      setRazorpayBusy(false);
    }
  };

  return (
    <Container size="sm" py="xl">
      <Card withBorder padding="xl">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={1} size="h3">
              {PAYMENT_TEXT.checkoutTitle}
            </Title>
            <Badge
              color={d.status === 'paid' ? 'green' : d.status === 'failed' ? 'red' : 'gray'}
              variant="light"
            >
              {PAYMENT_TEXT.status[d.status]}
            </Badge>
          </Group>
          <Text>{d.description}</Text>
          <Amounts p={d} />
          {d.status === 'paid' && (
            <Alert color="green" title={PAYMENT_TEXT.paid}>
              {d.has_invoice ? (
                <Anchor href={invoiceUrl(d.payment_db_id)} download>
                  {PAYMENT_TEXT.downloadInvoice}
                </Anchor>
              ) : (
                PAYMENT_TEXT.waiting
              )}
            </Alert>
          )}
          {d.status === 'failed' && <Alert color="red">{PAYMENT_TEXT.declined}</Alert>}
          {d.status === 'created' && acted && <Text c="dimmed">{PAYMENT_TEXT.waiting}</Text>}
          {d.status !== 'paid' && d.provider === 'test' && (
            <>
              <Alert color="blue">{PAYMENT_TEXT.testModeNotice}</Alert>
              <Group>
                <Button
                  onClick={() => complete.mutate({ payment_db_id: d.payment_db_id })}
                  loading={complete.isPending}
                >
                  {PAYMENT_TEXT.complete}
                </Button>
                <Button
                  variant="default"
                  onClick={() => decline.mutate({ payment_db_id: d.payment_db_id })}
                  loading={decline.isPending}
                >
                  {PAYMENT_TEXT.decline}
                </Button>
              </Group>
            </>
          )}
          {d.status !== 'paid' && d.provider === 'razorpay' && (
            <Button onClick={() => void payRazorpay()} loading={razorpayBusy || verify.isPending}>
              {PAYMENT_TEXT.payWithRazorpay}
            </Button>
          )}
          <Anchor component={Link} to={back}>
            {d.kind === 'credits' ? PAYMENT_TEXT.backToCredits : PAYMENT_TEXT.backToSubscription}
          </Anchor>
        </Stack>
      </Card>
    </Container>
  );
}
