import type { UserActor } from "../../../../worker/domain/identity/actor";
import { grantableBy } from "../../../../worker/domain/identity/permissions";
import { PERMISSION_GROUPS, PERMISSION_PRESETS, POS_PERMISSIONS } from "../../../../worker/domain/users/permission-groups";
import type { UserFormOptions } from "../../../components/user-form";

let zones: string[] | undefined;

/** Time zone names the runtime knows, UTC first. */
export function timeZones(): string[] {
  zones ??= ["UTC", ...Intl.supportedValuesOf("timeZone").filter((z) => z !== "UTC")];
  return zones;
}

/**
 * What the user form offers to this editor: the profile editable only on one's own account (or
 * when inviting), access choices only when managing someone else.
 */
export function userFormOptions(
  actor: UserActor,
  options: { manageAccess: boolean; profileEditable: boolean; activeEditable: boolean },
): UserFormOptions {
  return {
    timezones: timeZones(),
    posPermissions: POS_PERMISSIONS,
    profileEditable: options.profileEditable,
    activeEditable: options.activeEditable,
    access: options.manageAccess
      ? {
          groups: PERMISSION_GROUPS,
          // A preset offers only what the editor could grant.
          presets: PERMISSION_PRESETS.map((p) => ({ id: p.id, permissions: p.permissions.filter((x) => grantableBy(actor).includes(x)) })),
          grantable: grantableBy(actor),
        }
      : null,
  };
}
