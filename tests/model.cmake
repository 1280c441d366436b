# Model tests: one program per component, plus calibration against the reference.
