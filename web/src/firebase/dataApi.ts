// Firestore / Functions access of the signed-in area and the invitation page. Loaded with those
// lazy routes only (never with the landing page).
export { callFunction, invitationLink } from './callables';
export type { CallableContract, CallableName } from './callables';
export { describeCallableError } from './callableErrors';
export type { DescribedCallableError } from './callableErrors';
export {
  MembershipProvider,
  useDatePreferences,
  useLanguageChoice,
  useMembership,
  useOrgId,
} from './membership';
export type { Membership, MembershipStatus, OrganizationOption } from './membership';
export {
  toLiveError,
  useChangeSignal,
  useCount,
  useDocument,
  useDocumentChain,
  useGrowingList,
  useLiveList,
  usePagedList,
} from './hooks';
export type { GrowingList, LiveError, LiveState, PagedList } from './hooks';
export {
  countAndSumOf,
  dealStageTotals,
  firstMatches,
  idsOf,
  listRequest,
  orgRequest,
  searchRequest,
} from './queries';
export type { Count, CountAndSum, QueryRequest } from './queries';
export {
  createRecord,
  deleteRecord,
  editEntryDeletions,
  newRecordId,
  updateRecord,
  writeRecords,
} from './records';
export type { RecordTarget, RecordWrite } from './records';
export {
  deleteInvitation,
  setMemberPermission,
  updateOrganization,
  updateProfilePreferences,
  newOrganizationId,
  updateProfileName,
} from './settingsData';
export { useNotificationSources } from './notifications';
export { enrollContacts, enrollmentsTarget } from './sequences';
export { useSubscription } from './subscription';
export type { SubscriptionMirror, SubscriptionState } from './subscription';
export { orgRecordPath, orgTarget } from './targets';
