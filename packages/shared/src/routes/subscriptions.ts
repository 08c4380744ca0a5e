import { z } from 'zod';
import { API } from '../api.ts';
import {
  activityCloudUsageAnswer,
  addStorageBody,
  availablePlan,
  fileStorageAnswer,
  planDetails,
  planDetailsQuery,
  projectCloudUsageAnswer,
  projectStorageAnswer,
  purchaseAnswer,
  renewBody,
  statisticsQuery,
  storageDetail,
  subscriptionQuery,
  subscriptionState,
  upgradeBody,
} from '../schemas/subscriptions.ts';
import { defineRoutes } from './define.ts';

/** The team's subscription (spec 002 §7 Subscription, storage, credits): team admins (owners). */
export const subscriptionRoutes = defineRoutes('subscription', {
  get: {
    method: 'GET',
    path: API.subscription.root,
    query: subscriptionQuery,
    response: subscriptionState,
    policy: 'subscriptions.canManageSubscription',
  },
  plans: {
    method: 'GET',
    path: API.subscription.plans,
    query: subscriptionQuery,
    response: z.object({ plans: z.array(availablePlan) }),
    policy: 'subscriptions.canManageSubscription',
  },
  planDetails: {
    method: 'GET',
    path: API.subscription.planDetails,
    query: planDetailsQuery,
    response: planDetails,
    policy: 'subscriptions.canManageSubscription',
  },
  upgrade: {
    method: 'POST',
    path: API.subscription.upgrade,
    body: upgradeBody,
    response: purchaseAnswer,
    policy: 'subscriptions.canManageSubscription',
  },
  renew: {
    method: 'POST',
    path: API.subscription.renew,
    body: renewBody,
    response: purchaseAnswer,
    policy: 'subscriptions.canManageSubscription',
  },
  storage: {
    method: 'GET',
    path: API.subscription.storage,
    query: subscriptionQuery,
    response: storageDetail,
    policy: 'subscriptions.canManageSubscription',
  },
  addStorage: {
    method: 'POST',
    path: API.subscription.storage,
    body: addStorageBody,
    response: purchaseAnswer,
    policy: 'subscriptions.canManageSubscription',
  },
});

/** Statistics of an admin team (spec 002 §7 Statistics): each answers data.data. */
export const statisticsRoutes = defineRoutes('statistics', {
  projectStorage: {
    method: 'GET',
    path: API.statistics.projectStorage,
    query: statisticsQuery,
    response: projectStorageAnswer,
    policy: 'statistics.canViewStatistics',
  },
  fileStorage: {
    method: 'GET',
    path: API.statistics.fileStorage,
    query: statisticsQuery,
    response: fileStorageAnswer,
    policy: 'statistics.canViewStatistics',
  },
  projectCloudUsage: {
    method: 'GET',
    path: API.statistics.projectCloudUsage,
    query: statisticsQuery,
    response: projectCloudUsageAnswer,
    policy: 'statistics.canViewStatistics',
  },
  activityCloudUsage: {
    method: 'GET',
    path: API.statistics.activityCloudUsage,
    query: statisticsQuery,
    response: activityCloudUsageAnswer,
    policy: 'statistics.canViewStatistics',
  },
});
