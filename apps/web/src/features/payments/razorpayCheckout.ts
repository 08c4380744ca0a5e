/**
 * Razorpay's browser checkout: its script, loaded once on demand from Razorpay (the CSP
 * allows it only when Razorpay is the server's provider), opened on an order the server made.
 */
interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}
interface RazorpayOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  handler: (r: RazorpaySuccess) => void;
  modal: { ondismiss: () => void };
}
type RazorpayCtor = new (o: RazorpayOptions) => { open(): void };

const SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
let loading: Promise<RazorpayCtor> | null = null;

function loadScript(): Promise<RazorpayCtor> {
  const existing = (window as unknown as { Razorpay?: RazorpayCtor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<RazorpayCtor>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = SCRIPT;
    s.async = true;
    s.onload = () => resolve((window as unknown as { Razorpay: RazorpayCtor }).Razorpay);
    s.onerror = () => {
      loading = null;
      reject(new Error('razorpay checkout failed to load'));
    };
    document.head.appendChild(s);
  });
  return loading;
}

/** Opens the checkout; resolves with the handler's answer, or null when the user closed it. */
export async function openRazorpayCheckout(o: {
  keyId: string;
  orderId: string;
  amountPaise: number;
  name: string;
  description: string;
}): Promise<RazorpaySuccess | null> {
  const Razorpay = await loadScript();
  return new Promise((resolve) => {
    new Razorpay({
      key: o.keyId,
      order_id: o.orderId,
      amount: o.amountPaise,
      currency: 'INR',
      name: o.name,
      description: o.description,
      handler: resolve,
      modal: { ondismiss: () => resolve(null) },
    }).open();
  });
}
