import AddRoundedIcon from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Suspense, useState, type ReactNode } from 'react';
import type { QueryId, QueryRow, Resource, WithId } from '@trato/model';
import { useCan } from '@/components/Can';
import type { QueryRequest } from '@/firebase/dataApi';
import { usePagedList } from '@/firebase/dataApi';
import { DataList, type ListColumn } from './DataList';

/**
 * The records of one kind that belong to a contact or company (a detail page's tab): a paged list
 * with 'Nueva …' for members who may create, rows that open the edit dialog for those who may edit.
 */
export function RelatedRecords<Id extends QueryId>({
  resource,
  request,
  columns,
  renderCard,
  label,
  emptyText,
  newLabel,
  renderDialog,
}: {
  resource: Resource;
  request: QueryRequest<Id> | null;
  columns: ListColumn<WithId<QueryRow<Id>>>[];
  renderCard: (row: WithId<QueryRow<Id>>) => ReactNode;
  label: string;
  emptyText: string;
  newLabel: string;
  /** The create (null) or edit dialog. */
  renderDialog: (record: WithId<QueryRow<Id>> | null, close: () => void) => ReactNode;
}) {
  const canCreate = useCan(resource, 'create');
  const canEdit = useCan(resource, 'edit');
  const list = usePagedList(request);
  const [open, setOpen] = useState<WithId<QueryRow<Id>> | 'new' | null>(null);
  const close = () => setOpen(null);
  return (
    <Box>
      {canCreate && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setOpen('new')}>
            {newLabel}
          </Button>
        </Box>
      )}
      <DataList
        list={list}
        columns={columns}
        label={label}
        onRowClick={canEdit ? (row) => setOpen(row) : undefined}
        renderCard={renderCard}
        empty={
          <Typography sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }} data-testid="empty-state">
            {emptyText}
          </Typography>
        }
      />
      {open && <Suspense fallback={null}>{renderDialog(open === 'new' ? null : open, close)}</Suspense>}
    </Box>
  );
}
