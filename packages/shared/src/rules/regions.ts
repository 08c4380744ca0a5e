/** AWS regions a team may store in (decided list, docs/decisions/0005-teams-permissions-plans.md). */
export const AWS_REGIONS = [
  { region: 'us-east-1', region_name: 'US East (N. Virginia)' },
  { region: 'us-east-2', region_name: 'US East (Ohio)' },
  { region: 'us-west-1', region_name: 'US West (N. California)' },
  { region: 'us-west-2', region_name: 'US West (Oregon)' },
  { region: 'ca-central-1', region_name: 'Canada (Central)' },
  { region: 'eu-west-1', region_name: 'Europe (Ireland)' },
  { region: 'eu-west-2', region_name: 'Europe (London)' },
  { region: 'eu-central-1', region_name: 'Europe (Frankfurt)' },
  { region: 'eu-north-1', region_name: 'Europe (Stockholm)' },
  { region: 'ap-south-1', region_name: 'Asia Pacific (Mumbai)' },
  { region: 'ap-southeast-1', region_name: 'Asia Pacific (Singapore)' },
  { region: 'ap-southeast-2', region_name: 'Asia Pacific (Sydney)' },
  { region: 'ap-northeast-1', region_name: 'Asia Pacific (Tokyo)' },
  { region: 'sa-east-1', region_name: 'South America (São Paulo)' },
] as const;

export type AwsRegion = (typeof AWS_REGIONS)[number]['region'];
export const AWS_REGION_CODES = AWS_REGIONS.map((r) => r.region) as [AwsRegion, ...AwsRegion[]];
export const regionName = (code: string) => AWS_REGIONS.find((r) => r.region === code)?.region_name ?? code;
