import { Injectable } from '@nestjs/common';
import { PrismaService } from '@dcs/common';

/** The database's side of the health check. */
@Injectable()
export class HealthRepository {
  constructor(private readonly prisma: PrismaService) {}

  async ping(): Promise<void> {
    await this.prisma.$queryRaw`SELECT 1`;
  }
}
