import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import * as yup from 'yup';
import { LIMITS } from '@trato/model';
import { FormDialog } from '@/components/form/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { VALIDATION } from '@/components/form/rules';
import { useToast } from '@/components/toast';
import { callFunction, newOrganizationId, useMembership } from '@/firebase/dataApi';
import { useLanguage } from '@/i18n/useLanguage';
import { sectionHref } from '@/app/sections';

const schema = yup.object({
  name: yup
    .string()
    .trim()
    .default('')
    .required(VALIDATION.companyRequired)
    .max(LIMITS.orgName, 'errors.tooLong'),
});

/**
 * 'Nueva organización' (administrators): its name, then it opens, on its Suscripción page where
 * its own 14-day trial starts. A failed creation keeps the name typed; a retry after a lost answer
 * reuses the same id, so it never creates two.
 */
export default function NewOrganizationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const membership = useMembership();
  const language = useLanguage();
  const navigate = useNavigate();
  const organizationId = useRef<string | null>(null);
  // The new organization opens once the profile lists it (its snapshot follows the callable).
  const listed = useRef<{ ids: string[]; waiting: { id: string; resolve: () => void } | null }>({
    ids: [],
    waiting: null,
  });
  useEffect(() => {
    listed.current.ids = membership.organizations.map((organization) => organization.id);
    const { waiting } = listed.current;
    if (waiting && listed.current.ids.includes(waiting.id)) waiting.resolve();
  }, [membership.organizations]);
  const untilListed = (id: string) =>
    new Promise<void>((resolve) => {
      if (listed.current.ids.includes(id)) return resolve();
      const timer = setTimeout(resolve, 15_000);
      listed.current.waiting = {
        id,
        resolve: () => {
          clearTimeout(timer);
          listed.current.waiting = null;
          resolve();
        },
      };
    });

  const create = async ({ name }: { name: string }) => {
    organizationId.current ??= newOrganizationId();
    const created = await callFunction('addOrganization', {
      organizationId: organizationId.current,
      companyName: name,
      language,
    });
    await untilListed(created.organizationId);
    membership.switchOrganization(created.organizationId);
    navigate(sectionHref('subscription'));
    toast({ title: t('app.organizations.created', { name }), variant: 'success' });
  };

  return (
    <FormDialog
      open
      title={t('app.organizations.newTitle')}
      initialValues={{ name: '' }}
      schema={schema}
      onSubmit={create}
      onClose={onClose}
      submitLabel={t('app.organizations.create')}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('app.organizations.newHint')}
      </Typography>
      <FormTextField name="name" label={t('app.organizations.name')} required autoFocus />
    </FormDialog>
  );
}
