import type { SampleTool } from '../sample-types.ts';
import { calculator } from './calculator.ts';
import { cpuHog } from './cpu-hog.ts';
import { flakyApi } from './flaky-api.ts';
import { getWeather } from './get-weather.ts';
import { inventoryApi } from './inventory-api.ts';
import { lookupUser } from './lookup-user.ts';
import { rateLimitedApi } from './rate-limited-api.ts';
import { searchWeb } from './search-web.ts';
import { sendEmail } from './send-email.ts';
import { slowReport } from './slow-report.ts';
import { stubbornTask } from './stubborn-task.ts';

/** In the order a new workspace lists them: the everyday tools first, then the ones that misbehave on purpose. */
export const sampleTools: readonly SampleTool[] = [
  getWeather,
  searchWeb,
  calculator,
  slowReport,
  stubbornTask,
  flakyApi,
  rateLimitedApi,
  inventoryApi,
  sendEmail,
  cpuHog,
  lookupUser,
];
