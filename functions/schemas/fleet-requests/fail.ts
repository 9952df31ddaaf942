import * as z from '../../zod.ts';
import { Text } from '../common.schema.ts';

/** Body of POST …/fail: why the delivery cannot go on (shown to the merchant as the event's note), with the text rules of every note. */
export const FailRequest = z.strictObject({ reason: Text({ max: 500 }) });
