/** strconv.ParseBool, with Go's error text (used for kubelet policy options). */
import { err, ok, type Result } from '../model/result';

export function parseBool(value: string): Result<boolean> {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return ok(true);
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return ok(false);
  return err(`strconv.ParseBool: parsing ${JSON.stringify(value)}: invalid syntax`);
}
