import type { ChangeNameField, ChangePasswordField, DeleteAccountField } from "~/domain/account";
import type { FormReply } from "~/utils/forms";

/** What the /account action answers when it does not redirect: a rejected form, by intent. */
export type AccountActionData =
  | ({ intent: "name" } & FormReply<ChangeNameField>)
  | ({ intent: "password" } & FormReply<ChangePasswordField>)
  | ({ intent: "delete" } & FormReply<DeleteAccountField>);

/** The action's answer if it is for the form of `intent`. */
export function resultFor<Intent extends AccountActionData["intent"]>(
  actionData: AccountActionData | undefined,
  intent: Intent,
) {
  return actionData?.intent === intent
    ? (actionData as Extract<AccountActionData, { intent: Intent }>)
    : undefined;
}
