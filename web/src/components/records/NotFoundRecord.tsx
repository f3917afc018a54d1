import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import { useNavigate } from 'react-router';
import { EmptyState } from '@/components/data/EmptyState';
import { BackLink } from './BackLink';

/** 'Empresa no encontrada' / 'Cliente no encontrado', with the way back to the list. */
export function NotFoundRecord({
  title,
  body,
  backLabel,
  backTo,
}: {
  title: string;
  body: string;
  backLabel: string;
  backTo: string;
}) {
  const navigate = useNavigate();
  return (
    <EmptyState
      icon={SearchOffRoundedIcon}
      title={title}
      body={body}
      action={{ label: backLabel, onClick: () => navigate(backTo) }}
    />
  );
}

/** A detail page's `detail` texts for a record that does not exist. */
export interface MissingRecordTexts {
  back: string;
  notFound: string;
  notFoundBody: string;
  backToList: string;
}

/** 'Volver' above 'Ticket no encontrado' (or the like), with the way back to the list. */
export function MissingRecord({ texts, listPath }: { texts: MissingRecordTexts; listPath: string }) {
  return (
    <>
      <BackLink to={listPath} label={texts.back} />
      <NotFoundRecord
        title={texts.notFound}
        body={texts.notFoundBody}
        backLabel={texts.backToList}
        backTo={listPath}
      />
    </>
  );
}
