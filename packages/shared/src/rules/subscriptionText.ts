/**
 * Texts of the subscription and statistics screens (spec 002 §2, §8 verbatim where the spec writes
 * them: 'Subscription Upgrade', 'Renew Subscription', 'Plan updated', 'Low Balance', 'Currently there
 * are no plans available.', 'Details not found'; the rest decided in docs/decisions/0021-credits-and-plans.md).
 */
export const SUB_TEXT = {
  subscriptionUpgrade: 'Subscription Upgrade',
  renewSubscription: 'Renew Subscription',
  planDetails: 'Plan Details',
  storageDetails: 'Storage Details',
  addStorage: 'Add Storage',
  renew: 'Renew',
  upgradePlan: 'Upgrade Plan',
  upgrade: 'Upgrade',
  currentPlan: 'Current Plan',
  yourPlan: 'Your plan',
  contactUs: 'Contact Us',
  perMonth: '/ month',
  renewsOn: 'Renews on',
  noRenewal: 'No renewal date',
  useCredits: 'Use credits',
  creditsAvailable: 'Credits available',
  lowBalance: 'Low Balance',
  noPlans: 'Currently there are no plans available.',
  detailsNotFound: 'Details not found',
  planUpdated: 'Plan updated',
  months: 'Months',
  storageSize: 'Storage (GB)',
  amountToPay: 'Amount to pay',
  pay: 'Pay',
  plusGst: 'GST is added at checkout',
  payWithCredits: 'Pay with credits',
  proceedToPayment: 'Proceed to payment',
  usage: 'Usage',
  projects: 'Projects',
  concurrentSystems: 'Concurrent systems',
  teams: 'Teams',
  collaborators: 'Collaborators',
  machineHours: 'Machine hours',
  storage: 'Storage',
  unlimited: 'Unlimited',
  totalStorage: 'Total storage',
  usedStorage: 'Used storage',
  storageAdded: 'Storage added',
  pricePerGb: 'Price per GB per month',
  additionStep: 'Added in steps of',
  storageStepHint: (step: number) => `In steps of ${step} GB`,
  storageNotBelowZero: 'Storage cannot go below 0 GB',
  proratedNote: (days: number) => `Prorated for ${days} day${days === 1 ? '' : 's'} to the renewal date`,
  upgradingBanner: 'Your subscription is being upgraded',
  upgradeWaiting: (minutes: number) =>
    `Your subscription is being upgraded. This may take up to ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  viewUpgrade: 'View',
  // statistics
  projectStorage: 'Project Storage',
  fileStorage: 'File Storage',
  projectCloudUsage: 'Project Cloud Usage',
  activityCloudUsage: 'Activity Cloud Usage',
  dateRange: 'Date range',
  allTime: 'All time',
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  last90: 'Last 90 days',
  noData: 'No Record Found',
  hours: 'Hours',
  psc: 'PSC',
  files: 'Files',
  filesCount: (n: string, one: boolean) => `${n} ${one ? 'File' : 'Files'}`,
  size: 'Size',
  fileTypes: { video: 'Video', audio: 'Audio', image: 'Image', other: 'Other' },
} as const;

/** Where the Enterprise plan's Contact Us goes (decided: a contact page opened in a new tab). */
export const ENTERPRISE_CONTACT_URL = 'https://rushes.io/contact';

/** Tier colours (spec 002 §9: Pro, Team, SME, other), Mantine colour names. */
export function tierColor(title: string): string {
  switch (title.toLowerCase()) {
    case 'pro':
      return 'blue';
    case 'team':
      return 'violet';
    case 'sme':
      return 'orange';
    default:
      return 'gray';
  }
}

const PSC_FORMAT = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
/** An amount in PSC (rupees) as shown: '₹1,499' or '₹116.67' (en-IN). */
export const formatAmount = (rupees: number) => `₹${PSC_FORMAT.format(rupees)}`;

/** Bytes as GB with up to 2 decimals (en-IN), for storage figures. */
export const formatGb = (gb: number) => `${PSC_FORMAT.format(gb)} GB`;
