import { describe, expect, it } from '@jest/globals';
import { findAllergies, findMedications, findVitals } from './clinical-spans.js';

describe('item finders', () => {
  it('finds medications with doses (drug then dose, dose of drug)', () => {
    expect(findMedications('Takes metformin 500 mg twice daily and lisinopril 10 mg.')).toEqual([
      'metformin 500 mg twice daily',
      'lisinopril 10 mg',
    ]);
    expect(findMedications('On lui donne 1 g de paracétamol.')).toEqual(['1 g de paracétamol']);
    expect(findMedications('Glucose 180 mg/dL, weight 70 kg.')).toEqual([]);
  });

  it('finds vital signs in three languages', () => {
    expect(findVitals('BP 120/80 mmHg, pulse 72 bpm, T 38.5 °C, SpO2 97%, RR 16.')).toEqual([
      'BP 120/80 mmHg',
      'pulse 72 bpm',
      'T 38.5 °C',
      'SpO2 97%',
      'RR 16',
    ]);
    expect(findVitals('TA 13/8, FC 90, température 101.2 °F')).toEqual([
      'TA 13/8',
      'FC 90',
      'température 101.2 °F',
    ]);
  });

  it('finds allergies and their absence', () => {
    expect(findAllergies('NKDA.')).toEqual(['NKDA']);
    expect(findAllergies('Patient has no known allergies.')).toEqual(['no known allergies']);
    expect(findAllergies("Pas d'allergie connue.")).toEqual(["Pas d'allergie connue"]);
    expect(findAllergies('Sin alergias conocidas.')).toEqual(['Sin alergias conocidas']);
    expect(findAllergies('Allergique aux sulfamides.')).toEqual(['Allergique aux sulfamides']);
  });
});
