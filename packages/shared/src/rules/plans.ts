/**
 * The plan catalogue (spec 002 §3 currentPlan limits; values decided, docs/decisions/0005-teams-permissions-plans.md). A null
 * limit is unlimited (shown as `false`, spec 002 §9 'unlimited when the limit flag is false').
 * Amounts are in rupees per month; storage in GB.
 */
export interface PlanDefinition {
  code: 'free' | 'pro' | 'team' | 'sme' | 'enterprise';
  title: string;
  amount: number;
  is_free: boolean;
  is_enterprise: boolean;
  is_team_plan: boolean;
  team_limit: number | null;
  collaborators_limit: number | null;
  project_limit: number | null;
  no_of_concurrent_systems: number | null;
  machine_hour_limit: number | null;
  storage: number;
  amount_per_gb_storage: number;
  storage_size_addition_step: number;
}

export const PLANS: PlanDefinition[] = [
  {
    code: 'free',
    title: 'Free',
    amount: 0,
    is_free: true,
    is_enterprise: false,
    is_team_plan: false,
    team_limit: 1,
    collaborators_limit: 3,
    project_limit: 3,
    no_of_concurrent_systems: 1,
    machine_hour_limit: 5,
    storage: 10,
    amount_per_gb_storage: 0,
    storage_size_addition_step: 0,
  },
  {
    code: 'pro',
    title: 'Pro',
    amount: 1499,
    is_free: false,
    is_enterprise: false,
    is_team_plan: false,
    team_limit: 3,
    collaborators_limit: 10,
    project_limit: 25,
    no_of_concurrent_systems: 2,
    machine_hour_limit: 50,
    storage: 500,
    amount_per_gb_storage: 2,
    storage_size_addition_step: 100,
  },
  {
    code: 'team',
    title: 'Team',
    amount: 4999,
    is_free: false,
    is_enterprise: false,
    is_team_plan: true,
    team_limit: 10,
    collaborators_limit: 50,
    project_limit: 100,
    no_of_concurrent_systems: 5,
    machine_hour_limit: 200,
    storage: 2000,
    amount_per_gb_storage: 2,
    storage_size_addition_step: 100,
  },
  {
    code: 'sme',
    title: 'SME',
    amount: 14999,
    is_free: false,
    is_enterprise: false,
    is_team_plan: true,
    team_limit: 25,
    collaborators_limit: 200,
    project_limit: 500,
    no_of_concurrent_systems: 10,
    machine_hour_limit: 1000,
    storage: 10000,
    amount_per_gb_storage: 1.5,
    storage_size_addition_step: 100,
  },
  {
    code: 'enterprise',
    title: 'Enterprise',
    amount: 0,
    is_free: false,
    is_enterprise: true,
    is_team_plan: true,
    team_limit: null,
    collaborators_limit: null,
    project_limit: null,
    no_of_concurrent_systems: null,
    machine_hour_limit: null,
    storage: 50000,
    amount_per_gb_storage: 1,
    storage_size_addition_step: 100,
  },
];

export const DEFAULT_PLAN_CODE = 'free';
