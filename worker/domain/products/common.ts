export {
  conflict,
  fieldError,
  FieldIssues,
  isForeignKeyViolation,
  isUniqueViolation,
  parseInput,
  recordId,
  runBatch,
} from "../shared/input";
