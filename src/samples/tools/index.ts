import type { SampleTool } from '../sample-types.ts';
import { getWeather } from './get-weather.ts';

export const sampleTools: readonly SampleTool[] = [getWeather];
