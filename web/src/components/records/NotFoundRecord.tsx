import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import { useNavigate } from 'react-router';
import { EmptyState } from '@/components/data/EmptyState';

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
