// Public surface of fault injection. Other layers import from here, never from inner files.
export {
  faultLatencySchema,
  faultSettingsSchema,
  failureRates,
  noFaults,
  type FaultKind,
  type FaultLatency,
  type FaultSettings,
} from './fault-settings.ts';
export { drawFault, uniformPair, type DrawKey, type FaultDraw } from './fault-draw.ts';
export { injectedFaultMarker, injectedFaultOf, withFaults } from './inject-faults.ts';
