import { describe, expect, it } from 'vitest';
import { mappingProblem, rememberMapping, suggestMapping, suggestTarget } from './fields';

describe('header matching', () => {
  it('an Excel file in Spanish', () => {
    expect(
      suggestMapping('contacts', [
        'Nombre',
        'Correo',
        'Teléfono',
        'Empresa',
        'Cargo',
        'Ciudad',
        'País',
        'Etapa',
        'Es cliente',
      ]),
    ).toEqual([
      'name',
      'email',
      'phone',
      'company',
      'jobTitle',
      'city',
      'country',
      'lifecycleStage',
      'isCustomer',
    ]);
  });

  it('a HubSpot export: first + last name, and the columns it has no place for ignored', () => {
    expect(
      suggestMapping('contacts', [
        'Record ID',
        'First Name',
        'Last Name',
        'Email',
        'Phone Number',
        'Lifecycle Stage',
        'Company Name',
        'Job Title',
        'City',
        'Country/Region',
        'Create Date',
        'Contact owner',
        'Lead Status',
      ]),
    ).toEqual([
      null,
      'firstName',
      'lastName',
      'email',
      'phone',
      'lifecycleStage',
      'company',
      'jobTitle',
      'city',
      'country',
      null,
      null,
      null,
    ]);
  });

  it('Pipedrive, Google Contacts and Salesforce headers', () => {
    expect(suggestTarget('contacts', 'Person - Email - Work')).toBe('email');
    expect(suggestTarget('contacts', 'Person - Organization')).toBe('company');
    expect(suggestTarget('contacts', 'E-mail 1 - Value')).toBe('email');
    expect(suggestTarget('contacts', 'Phone 1 - Value')).toBe('phone');
    expect(suggestTarget('contacts', 'Organization 1 - Name')).toBe('company');
    expect(suggestTarget('contacts', 'Organization 1 - Title')).toBe('jobTitle');
    expect(suggestTarget('contacts', 'Email Address')).toBe('email');
    expect(suggestTarget('contacts', 'Mailing City')).toBe('city');
    expect(suggestTarget('contacts', 'Correo electrónico')).toBe('email');
    expect(suggestTarget('contacts', 'Número de teléfono')).toBe('phone');
    expect(suggestTarget('contacts', 'Etapa del ciclo de vida')).toBe('lifecycleStage');
    expect(suggestTarget('contacts', 'Record ID')).toBeNull();
  });

  it('companies: name, website, employees, notes', () => {
    expect(
      suggestMapping('companies', [
        'Company Name',
        'Industry',
        'Number of Employees',
        'Website',
        'City',
        'Notes',
      ]),
    ).toEqual(['name', 'industry', 'size', 'website', 'city', 'notes']);
    expect(
      suggestMapping('companies', ['Razón social', 'Sitio web', 'Tamaño (empleados)', 'Dirección']),
    ).toEqual(['name', 'website', 'size', 'address']);
  });

  it('each target once: the first column that claims it', () => {
    expect(suggestMapping('contacts', ['Email', 'Email 2', 'Nombre'])).toEqual(['email', null, 'name']);
  });

  it('the remembered choices come first, ignored columns included', () => {
    const remembered = rememberMapping(['Nombre', 'Correo', 'Contacto'], ['name', null, 'phone']);
    expect(remembered).toEqual({ nombre: 'name', correo: null, contacto: 'phone' });
    expect(suggestMapping('contacts', ['CORREO', 'Contacto', 'Nombre'], remembered)).toEqual([
      null,
      'phone',
      'name',
    ]);
  });

  it('needs a name (or first / last name)', () => {
    expect(mappingProblem('contacts', ['email', null])).toBe('name');
    expect(mappingProblem('contacts', ['lastName'])).toBeNull();
    expect(mappingProblem('companies', ['website'])).toBe('name');
  });
});
