/** Quick play's pairing rules, pure: see pairing.ts. */
export {
  DEFAULT_TIMES,
  DROP_GRACE_MS,
  FILL_AFTER_MS,
  fillAt,
  type Group,
  isOver,
  isPresent,
  type PairingTimes,
  poolTableSettings,
  SEEK_LIFETIME_MS,
  type Seek,
  seatNames,
  WAVE_MS,
  wave,
} from "./pairing.ts";
