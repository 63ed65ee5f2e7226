// A small school database (made up here, no outside data) and the SQL the guard must
// refuse or let through. Unit tests run the lists through the guard; integration tests
// also run them against a real MariaDB and check that nothing changed.

export const FIXTURE_DATABASE_SQL = `
CREATE TABLE Faculty (
  FacID INT PRIMARY KEY,
  Lname VARCHAR(30) NOT NULL,
  Fname VARCHAR(30) NOT NULL,
  \`Rank\` VARCHAR(20) COMMENT 'academic rank',
  Building VARCHAR(10) NULL
) COMMENT 'teaching staff';
CREATE TABLE Student (
  StuID INT PRIMARY KEY,
  LName VARCHAR(30) NOT NULL,
  Fname VARCHAR(30) NOT NULL,
  Age INT,
  Advisor INT,
  \`order\` INT,
  Bio TEXT,
  FOREIGN KEY (Advisor) REFERENCES Faculty (FacID)
);
CREATE TABLE secrets (id INT PRIMARY KEY, secret VARCHAR(40));
CREATE TABLE faculty (id INT);
CREATE VIEW professors AS SELECT FacID, Lname FROM Faculty WHERE \`Rank\` = 'Professor';
INSERT INTO Faculty VALUES
  (1, 'Giuliano', 'Mark', 'Instructor', 'NEB'), (2, 'Goodrich', 'Michael', 'Professor', 'NEB'),
  (3, 'Masson', 'Gerald', 'Professor', 'Barton'), (4, 'O''Brien', 'Ann', 'AsstProf', NULL);
INSERT INTO Student VALUES
  (101, 'Smith', 'Linda', 18, 1, 1, REPEAT('long biography ', 20)), (102, 'Kim', 'Tracy', 19, 2, 2, NULL),
  (103, 'Jones', 'Shiela', 21, 2, 3, 'short'), (104, 'Kumar', 'Dinesh', 20, 3, 4, NULL);
INSERT INTO secrets VALUES (1, 'the vault code is 1234');
`;

export const FIXTURE_TABLES = ['Faculty', 'Student', 'secrets', 'faculty'];
export const ALLOWED_TABLES = ['Faculty', 'Student', 'professors'];

/** Every one of these must be refused by the guard. */
export const HOSTILE_QUERIES: string[] = [
  "INSERT INTO Faculty VALUES (9, 'x', 'y', 'z', 'w')",
  "UPDATE Faculty SET Lname = 'x'",
  'DELETE FROM Faculty',
  'DROP TABLE Faculty',
  'CREATE TABLE evil (a INT)',
  'ALTER TABLE Faculty ADD COLUMN z INT',
  'TRUNCATE TABLE Student',
  "GRANT ALL ON *.* TO 'fnq_test'@'%'",
  "REPLACE INTO Faculty VALUES (1, 'x', 'y', 'z', 'w')",
  'RENAME TABLE Faculty TO f2',
  'SET @x = 1',
  'CALL some_procedure()',
  'DO SLEEP(5)',
  'HANDLER Faculty OPEN',
  "LOAD DATA INFILE '/etc/passwd' INTO TABLE Faculty",
  'SHOW TABLES',
  'EXPLAIN SELECT * FROM Faculty',
  'KILL 1',
  'TABLE secrets',
  'SELECT 1; DROP TABLE Faculty',
  'SELECT * FROM Faculty; SELECT * FROM secrets',
  'SELECT 1 /*; DROP TABLE Faculty */',
  'SELECT 1 /*!; DROP TABLE Faculty */',
  'SELECT * FROM Faculty /*!50000 UNION SELECT id, secret, 1, 1, 1 FROM secrets */',
  'SELECT * FROM Faculty -- ; DROP TABLE Faculty',
  'SELECT * FROM Faculty # comment',
  // The parser reads `--1` as a comment; the server reads two minus signs and runs the UNION.
  'SELECT secret FROM secrets WHERE 1--1\nUNION SELECT Lname FROM Faculty',
  'SELECT Lname FROM Faculty WHERE 1--1 UNION SELECT secret FROM secrets',
  'SELECT * FROM secrets',
  'SELECT * FROM information_schema.tables',
  'SELECT * FROM `information_schema`.`TABLES`',
  'SELECT * FROM mysql.user',
  'SELECT * FROM performance_schema.threads',
  'SELECT * FROM Faculty WHERE (SELECT COUNT(*) FROM mysql.user) > 0',
  'SELECT SLEEP(10)',
  'SELECT sleep (10)',
  'SELECT `sleep`(10)',
  "SELECT BENCHMARK(100000000, MD5('x'))",
  "SELECT GET_LOCK('x', 10)",
  "SELECT RELEASE_LOCK('x')",
  "SELECT IS_FREE_LOCK('x')",
  "SELECT MASTER_POS_WAIT('log', 4)",
  "SELECT LOAD_FILE('/etc/passwd')",
  "SELECT * FROM Faculty INTO OUTFILE '/tmp/fnq-out.txt'",
  "SELECT * FROM Faculty INTO DUMPFILE '/tmp/fnq-out.bin'",
  'SELECT Lname FROM Faculty LIMIT 1 INTO @x',
  'SELECT @a := 1',
  'SELECT @@version',
  'SELECT * FROM Faculty FOR UPDATE',
  'SELECT * FROM Faculty FOR SHARE',
  'SELECT * FROM Faculty LOCK IN SHARE MODE',
  'SELECT * FROM Faculty PROCEDURE ANALYSE()',
  'SELECT NEXT VALUE FOR seq',
  'SELECT NEXTVAL(seq)',
  'SELECT sys.ps_thread_id(1)',
  'SELECT * FROM Faculty WHERE FacID IN (SELECT id FROM secrets)',
  'SELECT (SELECT secret FROM secrets LIMIT 1) FROM Faculty',
  'SELECT 1 FROM Faculty WHERE EXISTS (SELECT * FROM secrets)',
  'WITH s AS (SELECT * FROM secrets) SELECT * FROM s',
  // Not recursive: the inner `secrets` is the real table, not the CTE being defined.
  'WITH secrets AS (SELECT * FROM secrets) SELECT * FROM secrets',
  // This CTE exists only inside the derived table; the outer `secrets` is the real table.
  'SELECT * FROM (WITH secrets AS (SELECT 1 AS a) SELECT * FROM secrets) d, secrets',
  'SELECT Lname FROM Faculty UNION SELECT secret FROM secrets',
  'SELECT Lname FROM Faculty UNION ALL (SELECT secret FROM secrets)',
  // node-sql-parser leaves the parenthesised tables out of its table list; the AST walk must not.
  'SELECT * FROM Faculty LEFT JOIN (Student, secrets) ON 1',
  'SELECT * FROM Faculty, LATERAL (SELECT * FROM secrets) s',
  'SELECT * FROM faculty',
  'SELECT * FROM FACULTY',
  'SELECT * FROM other_db.Faculty',
  "SELECT * FROM Faculty WHERE Lname = 'x' OR 1=1; -- ",
  "SELECT 'unterminated",
  'SELECT * FROM Faculty\u0000',
  '',
  // Stored functions and procedures (STORED_ROUTINES_SQL): they run with their definer's rights.
  'SELECT f_file() FROM Faculty LIMIT 1',
  'SELECT f_global()',
  'SELECT f_global ()',
  'SELECT `f_global`()',
  'SELECT fnq_test.f_global()',
  'SELECT `fnq_test`.`f_global`()',
  'SELECT F_GLOBAL()',
  'SELECT Lname FROM Faculty WHERE f_global() = 1',
  'SELECT Lname FROM Faculty WHERE FacID IN (SELECT f_global())',
  'SELECT COUNT(*) FROM Faculty HAVING f_global() > 0',
  'SELECT Lname FROM Faculty ORDER BY f_global()',
  'SELECT Lname FROM Faculty GROUP BY Lname, f_global()',
  'SELECT Lname FROM Faculty JOIN Student ON f_global() = 1',
  'WITH x AS (SELECT f_global() AS a) SELECT a FROM x',
  'SELECT (SELECT f_global()) FROM Faculty',
  'SELECT CASE WHEN FacID > 0 THEN f_global() END FROM Faculty',
  'SELECT IFNULL(NULL, f_global()) FROM Faculty',
  "SELECT JSON_OBJECT('a', f_global()) FROM Faculty",
  'SELECT UPPER(CONCAT(Lname, f_file())) FROM Faculty',
  'SELECT Lname FROM Faculty UNION SELECT f_file()',
  'SELECT d.a FROM (SELECT f_global() AS a) AS d',
  'SELECT Lname FROM Faculty LIMIT 1 OFFSET 0 UNION ALL SELECT f_write()',
  'SELECT f_write()',
  'SELECT p_drop()',
  'SELECT SUM(f_global()) OVER () FROM Faculty',
  'SELECT Lname FROM Faculty WHERE EXISTS (SELECT f_file())',
  'SELECT LAST_INSERT_ID(5)',
  'SELECT LASTVAL(seq)',
  'SELECT SETVAL(seq, 5)',
  'SELECT USER()',
  'SELECT VERSION()',
  'SELECT RELEASE_ALL_LOCKS()',
  "SELECT IS_USED_LOCK('x')",
  "SELECT MASTER_GTID_WAIT('0-1-1', 5)",
  'SELECT Lname FROM Faculty WHERE FacID = 1 INTO @x',
  'SELECT * FROM Faculty WHERE Lname = @@hostname',
  'SELECT * FROM Faculty PARTITION (p0) WHERE f_global()',
];

/** Root defines these, as careless databases have them; the hostile suite calls them. */
export const STORED_ROUTINES_SQL = (fileDir: string): string[] => [
  `CREATE FUNCTION f_file() RETURNS INT NOT DETERMINISTIC MODIFIES SQL DATA BEGIN SELECT 'written by f_file' INTO OUTFILE '${fileDir}/f_file.txt'; RETURN 1; END`,
  'CREATE FUNCTION f_global() RETURNS INT NOT DETERMINISTIC MODIFIES SQL DATA BEGIN SET GLOBAL max_connections = 77; RETURN 1; END',
  "CREATE FUNCTION f_write() RETURNS INT NOT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO secrets VALUES (99, 'planted'); RETURN 1; END",
  'CREATE PROCEDURE p_drop() MODIFIES SQL DATA DROP TABLE secrets',
];

/** Accepted by the guard, with the text that runs (row limit 100, so the cap is 101). */
export const LEGIT_QUERIES: [sql: string, runs: string][] = [
  ['SELECT * FROM Faculty', 'SELECT * FROM Faculty LIMIT 101'],
  ['  SELECT COUNT(*) FROM Faculty;  ', 'SELECT COUNT(*) FROM Faculty LIMIT 101'],
  ['SELECT Lname FROM Faculty ORDER BY Lname LIMIT 5', 'SELECT Lname FROM Faculty ORDER BY Lname LIMIT 5'],
  ['SELECT Lname FROM Faculty LIMIT 500', 'SELECT Lname FROM Faculty LIMIT 101'],
  ['SELECT Lname FROM Faculty LIMIT 1, 500', 'SELECT Lname FROM Faculty LIMIT 1, 101'],
  ['SELECT Lname FROM Faculty LIMIT 500 OFFSET 1', 'SELECT Lname FROM Faculty LIMIT 101 OFFSET 1'],
  [
    'SELECT f.Lname, COUNT(*) AS n FROM Faculty AS f JOIN Student AS s ON s.Advisor = f.FacID GROUP BY f.Lname HAVING COUNT(*) >= 1 ORDER BY n DESC, f.Lname',
    'SELECT f.Lname, COUNT(*) AS n FROM Faculty AS f JOIN Student AS s ON s.Advisor = f.FacID GROUP BY f.Lname HAVING COUNT(*) >= 1 ORDER BY n DESC, f.Lname LIMIT 101',
  ],
  [
    "SELECT Fname FROM Student WHERE Advisor IN (SELECT FacID FROM Faculty WHERE `Rank` = 'Professor')",
    "SELECT Fname FROM Student WHERE Advisor IN (SELECT FacID FROM Faculty WHERE `Rank` = 'Professor') LIMIT 101",
  ],
  [
    'SELECT p.FacID FROM (SELECT FacID FROM Faculty ORDER BY FacID LIMIT 1000) AS p',
    'SELECT p.FacID FROM (SELECT FacID FROM Faculty ORDER BY FacID LIMIT 1000) AS p LIMIT 101',
  ],
  [
    "WITH profs AS (SELECT FacID FROM Faculty WHERE `Rank` = 'Professor') SELECT COUNT(*) FROM Student JOIN profs ON Student.Advisor = profs.FacID",
    "WITH profs AS (SELECT FacID FROM Faculty WHERE `Rank` = 'Professor') SELECT COUNT(*) FROM Student JOIN profs ON Student.Advisor = profs.FacID LIMIT 101",
  ],
  [
    'WITH RECURSIVE n AS (SELECT 1 AS i UNION ALL SELECT i + 1 FROM n WHERE i < 5) SELECT i FROM n',
    'WITH RECURSIVE n AS (SELECT 1 AS i UNION ALL SELECT i + 1 FROM n WHERE i < 5) SELECT i FROM n LIMIT 101',
  ],
  [
    'SELECT Lname FROM Faculty UNION SELECT LName FROM Student ORDER BY 1 LIMIT 3',
    'SELECT Lname FROM Faculty UNION SELECT LName FROM Student ORDER BY 1 LIMIT 3',
  ],
  [
    '(SELECT Lname FROM Faculty LIMIT 2) UNION ALL (SELECT LName FROM Student LIMIT 2)',
    '(SELECT Lname FROM Faculty LIMIT 2) UNION ALL (SELECT LName FROM Student LIMIT 2) LIMIT 101',
  ],
  [
    'SELECT FacID FROM Faculty INTERSECT SELECT Advisor FROM Student',
    'SELECT FacID FROM Faculty INTERSECT SELECT Advisor FROM Student LIMIT 101',
  ],
  [
    'SELECT FacID FROM Faculty EXCEPT SELECT Advisor FROM Student',
    'SELECT FacID FROM Faculty EXCEPT SELECT Advisor FROM Student LIMIT 101',
  ],
  [
    'SELECT `order`, `Rank` FROM Student JOIN Faculty ON Advisor = FacID',
    'SELECT `order`, `Rank` FROM Student JOIN Faculty ON Advisor = FacID LIMIT 101',
  ],
  [
    "SELECT * FROM Faculty WHERE Lname = 'O''Brien -- no comment; DROP TABLE x /* */' OR Lname = \"@x := 1\"",
    "SELECT * FROM Faculty WHERE Lname = 'O''Brien -- no comment; DROP TABLE x /* */' OR Lname = \"@x := 1\" LIMIT 101",
  ],
  [
    "SELECT Lname FROM Faculty WHERE Lname <> 'it\\'s' LIMIT 2",
    "SELECT Lname FROM Faculty WHERE Lname <> 'it\\'s' LIMIT 2",
  ],
  [
    'SELECT d.n FROM (SELECT COUNT(*) AS n FROM Student) AS d',
    'SELECT d.n FROM (SELECT COUNT(*) AS n FROM Student) AS d LIMIT 101',
  ],
  [
    'SELECT Lname FROM Faculty f WHERE EXISTS (SELECT 1 FROM Student s WHERE s.Advisor = f.FacID)',
    'SELECT Lname FROM Faculty f WHERE EXISTS (SELECT 1 FROM Student s WHERE s.Advisor = f.FacID) LIMIT 101',
  ],
  [
    'SELECT Lname, RANK() OVER (ORDER BY FacID DESC) AS r FROM Faculty',
    'SELECT Lname, RANK() OVER (ORDER BY FacID DESC) AS r FROM Faculty LIMIT 101',
  ],
  ['SELECT * FROM fnq_test.Faculty', 'SELECT * FROM fnq_test.Faculty LIMIT 101'],
  [
    "SELECT UPPER(Faculty.Lname), CONCAT(Faculty.Fname, ' ', Faculty.Lname), IFNULL(Building, '-'), CASE WHEN Age > 19 THEN 'older' ELSE 'younger' END FROM Faculty JOIN Student ON Advisor = FacID",
    "SELECT UPPER(Faculty.Lname), CONCAT(Faculty.Fname, ' ', Faculty.Lname), IFNULL(Building, '-'), CASE WHEN Age > 19 THEN 'older' ELSE 'younger' END FROM Faculty JOIN Student ON Advisor = FacID LIMIT 101",
  ],
  ['SELECT Age - -1 FROM Student\n', 'SELECT Age - -1 FROM Student LIMIT 101'],
  ['SELECT Lname FROM professors', 'SELECT Lname FROM professors LIMIT 101'],
];
