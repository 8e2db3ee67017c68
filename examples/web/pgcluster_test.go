package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// pgCluster is a throwaway PostgreSQL cluster of the tests': initdb'd in a temporary directory,
// listening on a unix socket in it alone (no TCP port), run by a user that PostgreSQL accepts
// (not root). The tests of one run share it, each in a database of its own.
type pgCluster struct {
	bin  string        // the directory of initdb, pg_ctl and postgres
	dir  string        // the socket's directory; the data and the log are in it too
	as   *user.User    // who runs the cluster; nil: the tests' own user
	next atomic.Uint64 // the number of the next database made
}

var (
	sharedPG     *pgCluster
	sharedPGErr  error
	sharedPGOnce sync.Once
)

// stopSharedPG stops the shared test cluster, if a test started one, and removes its files.
func stopSharedPG() {
	if sharedPG != nil {
		if err := sharedPG.ctl("stop", "-m", "immediate"); err != nil {
			fmt.Fprintln(os.Stderr, "stopping the test cluster:", err)
		}
		os.RemoveAll(sharedPG.dir)
	}
}

// pgBin finds the directory of PostgreSQL's server programs: $VICEROY_PG_BIN, initdb on the PATH,
// or Debian's /usr/lib/postgresql/N/bin (the newest).
func pgBin() (string, error) {
	if dir := os.Getenv("VICEROY_PG_BIN"); dir != "" {
		return dir, nil
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		return filepath.Dir(p), nil
	}
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(found) == 0 {
		return "", errors.New("PostgreSQL's initdb is not on the PATH nor in /usr/lib/postgresql/*/bin (Debian: apt-get install postgresql; or set VICEROY_PG_BIN)")
	}
	sort.Slice(found, func(i, j int) bool { return pgMajor(found[i]) < pgMajor(found[j]) })
	return filepath.Dir(found[len(found)-1]), nil
}

// pgMajor is the major version in a path /usr/lib/postgresql/N/bin/initdb.
func pgMajor(path string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(path))))
	return n
}

// needPG returns the shared cluster, started the first time. Without PostgreSQL the test is
// skipped, except with CI=true, where it fails.
func needPG(t testing.TB) *pgCluster {
	t.Helper()
	sharedPGOnce.Do(func() { sharedPG, sharedPGErr = startPG() })
	if sharedPGErr != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("PostgreSQL is needed with CI=true: %v", sharedPGErr)
		}
		t.Skipf("no PostgreSQL to test with: %v", sharedPGErr)
	}
	return sharedPG
}

// startPG makes and starts a cluster in a new temporary directory.
func startPG() (*pgCluster, error) {
	bin, err := pgBin()
	if err != nil {
		return nil, err
	}
	c := &pgCluster{bin: bin}
	if os.Geteuid() == 0 { // PostgreSQL refuses to run as root
		if c.as, err = pgUser(); err != nil {
			return nil, err
		}
	}
	if c.dir, err = os.MkdirTemp("", "viceroy-pg-"); err != nil {
		return nil, err
	}
	if err := c.own(c.dir); err != nil {
		return nil, err
	}
	if err := c.run("initdb", "-D", c.data(), "-U", "viceroy", "-A", "trust", "-E", "UTF8", "--no-sync"); err != nil {
		return nil, err
	}
	if err := c.start(); err != nil {
		return nil, err
	}
	return c, nil
}

// pgUser is who runs the cluster when the tests run as root: postgres, or else nobody.
func pgUser() (*user.User, error) {
	for _, name := range []string{"postgres", "nobody"} {
		if u, err := user.Lookup(name); err == nil {
			return u, nil
		}
	}
	return nil, errors.New("running as root, and no user postgres or nobody to run PostgreSQL as")
}

// own gives the directory to the cluster's user: its own, and readable by the tests.
func (c *pgCluster) own(dir string) error {
	if err := os.Chmod(dir, 0o755); err != nil {
		return err
	}
	if c.as == nil {
		return nil
	}
	uid, _ := strconv.Atoi(c.as.Uid)
	gid, _ := strconv.Atoi(c.as.Gid)
	return os.Chown(dir, uid, gid)
}

func (c *pgCluster) data() string { return filepath.Join(c.dir, "data") }

// run runs one of PostgreSQL's programs as the cluster's user.
func (c *pgCluster) run(program string, args ...string) error {
	cmd := exec.Command(filepath.Join(c.bin, program), args...)
	cmd.Dir = c.dir
	if err := runAs(cmd, c.as); err != nil {
		return err
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s %v: %w\n%s", program, args, err, out)
	}
	return nil
}

// ctl runs pg_ctl on the cluster.
func (c *pgCluster) ctl(args ...string) error {
	return c.run("pg_ctl", append([]string{"-D", c.data(), "-w", "-t", "60"}, args...)...)
}

// start starts the cluster, listening on its socket alone.
func (c *pgCluster) start() error {
	opts := fmt.Sprintf("-k %s -c listen_addresses='' -c fsync=off -c max_connections=200", c.dir)
	return c.ctl("start", "-o", opts, "-l", filepath.Join(c.dir, "log"))
}

// stop stops the cluster at once, as a crash or an outage would.
func (c *pgCluster) stop() error { return c.ctl("stop", "-m", "immediate") }

// url returns the settings to connect to database db of the cluster.
func (c *pgCluster) url(db string) string {
	return fmt.Sprintf("host=%s user=viceroy dbname=%s", c.dir, db)
}

// database makes a new empty database for a test, and returns the settings to connect to it.
func (c *pgCluster) database(t testing.TB) string {
	t.Helper()
	name := fmt.Sprintf("viceroy_test_%d", c.next.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, c.url("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("making the database %s: %v", name, err)
	}
	return c.url(name)
}

// openTestPG opens a store on database url; it is closed when the test ends, if the server
// serving it has not closed it.
func openTestPG(t testing.TB, url string) *pgStore {
	t.Helper()
	st, err := openPG(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.close() })
	return st
}
