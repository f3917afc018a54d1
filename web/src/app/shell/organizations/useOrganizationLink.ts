import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '@/components/toast';
import { useMembership } from '@/firebase/dataApi';
import { linkedOrganization, ORGANIZATION_PARAM } from './organizationLinks';

/**
 * Follows a link's `?org=` (organizationLinks.ts): opens that organization of the person's and
 * says so, or says the link is of an organization they are not in; then drops the parameter.
 * Returns true while the page must wait (the switch is under way), so that the page of the
 * organization open before never shows the linked record's address.
 */
export function useOrganizationLink(): boolean {
  const { t } = useTranslation();
  const { toast } = useToast();
  const membership = useMembership();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const ready = membership.status === 'ready';
  const mine = ready ? membership.organizations.map((organization) => organization.id) : null;
  const asked = linkedOrganization(search, membership.organizationId, mine);
  const target =
    asked.kind === 'switch' ? membership.organizations.find((o) => o.id === asked.organizationId) : null;

  useEffect(() => {
    if (asked.kind === 'none' || asked.kind === 'wait') return;
    const params = new URLSearchParams(search);
    params.delete(ORGANIZATION_PARAM);
    const rest = params.toString();
    navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
    if (asked.kind === 'switch' && target) {
      membership.switchOrganization(target.id);
      toast({ title: t('app.organizations.linkSwitched', { name: target.name }) });
    } else if (asked.kind === 'foreign') {
      toast({ title: t('app.organizations.linkNotMine'), variant: 'destructive' });
    }
    // Once per link: the parameter is gone after this (the other values are read as they are).
  }, [asked.kind, search]);

  return asked.kind === 'switch' || asked.kind === 'wait';
}
