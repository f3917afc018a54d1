import os, re, subprocess, sys
SRC = os.path.abspath('src')
MOVES = {
 'features/companies/CompanyDialog.tsx': 'features/companies/components/CompanyDialog.tsx',
 'features/contacts/ContactDialog.tsx': 'features/contacts/components/ContactDialog.tsx',
 'features/contacts/NotesTab.tsx': 'features/contacts/components/NotesTab.tsx',
 'features/deals/DealCard.tsx': 'features/deals/components/DealCard.tsx',
 'features/deals/StageColumn.tsx': 'features/deals/components/StageColumn.tsx',
 'features/deals/board.ts': 'features/deals/utils/board.ts',
 'features/deals/useDealsBoard.ts': 'features/deals/hooks/useDealsBoard.ts',
 'features/documents/DocumentCards.tsx': 'features/documents/components/DocumentCards.tsx',
 'features/documents/FolderDialog.tsx': 'features/documents/components/FolderDialog.tsx',
 'features/documents/UploadsPanel.tsx': 'features/documents/components/UploadsPanel.tsx',
 'features/documents/upload.ts': 'features/documents/utils/upload.ts',
 'features/documents/useDocuments.ts': 'features/documents/hooks/useDocuments.ts',
 'features/marketing/EnrollDialog.tsx': 'features/marketing/components/EnrollDialog.tsx',
 'features/marketing/Enrollments.tsx': 'features/marketing/components/Enrollments.tsx',
 'features/marketing/NewSequenceDialog.tsx': 'features/marketing/components/NewSequenceDialog.tsx',
 'features/marketing/SequenceDetail.tsx': 'features/marketing/components/SequenceDetail.tsx',
 'features/marketing/StepDialog.tsx': 'features/marketing/components/StepDialog.tsx',
 'features/marketing/insertAt.ts': 'features/marketing/utils/insertAt.ts',
 'features/marketing/sequenceWrites.ts': 'features/marketing/utils/sequenceWrites.ts',
 'features/marketing/useSequences.ts': 'features/marketing/hooks/useSequences.ts',
 'features/dashboard/pipeline.ts': 'features/dashboard/utils/pipeline.ts',
 'features/subscription/BillingError.tsx': 'features/subscription/components/BillingError.tsx',
 'features/subscription/Paywall.tsx': 'features/subscription/components/Paywall.tsx',
 'features/subscription/PlanFeatures.tsx': 'features/subscription/components/PlanFeatures.tsx',
 'features/subscription/SubscriptionGate.tsx': 'features/subscription/components/SubscriptionGate.tsx',
 'features/subscription/billingErrors.ts': 'features/subscription/utils/billingErrors.ts',
 'features/subscription/gate.ts': 'features/subscription/utils/gate.ts',
 'features/subscription/useBillingRedirect.ts': 'features/subscription/hooks/useBillingRedirect.ts',
 'features/settings/settingsTabs.ts': 'features/settings/utils/settingsTabs.ts',
 'features/settings/schemas.ts': 'features/settings/utils/schemas.ts',
 'features/settings/mail/mailErrors.ts': 'features/settings/mail/utils/mailErrors.ts',
 'features/settings/mail/mailReturn.ts': 'features/settings/mail/utils/mailReturn.ts',
 'features/settings/mail/useMailActions.ts': 'features/settings/mail/hooks/useMailActions.ts',
 'features/settings/mail/TeamMailboxes.tsx': 'features/settings/mail/components/TeamMailboxes.tsx',
}
# tests beside their module move with it
full = {}
for a, b in MOVES.items():
    full[a] = b
    stem, ext = os.path.splitext(a); nstem, _ = os.path.splitext(b)
    for t in ('.test.ts', '.test.tsx'):
        if os.path.exists(os.path.join(SRC, stem + t)):
            full[stem + t] = nstem + t
def noext(p): return re.sub(r'\.(tsx?|mts)$', '', p)
old_to_new = {noext(os.path.join(SRC, a)): noext(os.path.join(SRC, b)) for a, b in full.items()}
# files and where they will live
files = []
for root, _, names in os.walk(SRC):
    for n in names:
        if re.search(r'\.(tsx?|mts)$', n): files.append(os.path.join(root, n))
newpath = {f: os.path.join(SRC, full[os.path.relpath(f, SRC)]) if os.path.relpath(f, SRC) in full else f for f in files}
SPEC = re.compile(r"""((?:from|import|vi\.mock|vi\.doMock|require)\s*\(?\s*)(['"])([^'"]+)\2""")
def resolve(spec, importer):
    if spec.startswith('@/'): return os.path.join(SRC, spec[2:]), 'alias'
    if spec.startswith('.'): return os.path.normpath(os.path.join(os.path.dirname(importer), spec)), 'rel'
    return None, None
changed = 0
for f in files:
    text = open(f).read()
    dest = newpath[f]
    def sub(m):
        spec = m.group(3)
        target, kind = resolve(spec, f)
        if target is None: return m.group(0)
        t = noext(target)
        new_target = old_to_new.get(t, t)
        if kind == 'alias':
            if new_target == t: return m.group(0)
            ns = '@/' + os.path.relpath(new_target, SRC)
        else:
            if new_target == t and dest == f: return m.group(0)
            ns = os.path.relpath(new_target, os.path.dirname(dest))
            if not ns.startswith('.'): ns = './' + ns
            # keep an explicit extension if there was one
            ext = re.search(r'\.(tsx?|json|css|svg)$', spec)
            if ext and not ns.endswith(ext.group(0)) and not re.search(r'\.(tsx?)$', ext.group(0)): ns += ext.group(0)
            if spec.endswith('/') : ns += '/'
        return m.group(1) + m.group(2) + ns + m.group(2)
    new = SPEC.sub(sub, text)
    if new != text:
        open(f, 'w').write(new); changed += 1
for a, b in full.items():
    os.makedirs(os.path.dirname(os.path.join(SRC, b)), exist_ok=True)
    subprocess.check_call(['git', 'mv', os.path.join(SRC, a), os.path.join(SRC, b)])
print('rewrote', changed, 'files; moved', len(full))
